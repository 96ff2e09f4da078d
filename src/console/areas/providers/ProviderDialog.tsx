import { Alert, Button, Checkbox, Fieldset, Group, Loader, PasswordInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DEFAULT_PROVIDER_CURRENCY,
  externalPanelBodySchema,
  PROVIDER_SYNC_FLAG_LABELS,
  PROVIDER_SYNC_FLAGS,
  type ExternalPanelBody,
  type ExternalPanelDetail,
  type ExternalPanelRow,
  type ProviderStatisticType,
  type ProviderSyncFlag,
  type ProviderType,
} from '../../../contract/providers';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { ValidationError, errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { PercentInput } from '../../forms/fields';
import { useContractForm } from '../../forms/useContractForm';

/**
 * Create and edit a provider. The API token is write-only: never shown, left empty to keep the
 * stored one. "Validate" asks the endpoint whether it is one of our panels:
 * then the endpoint becomes the one it reports; otherwise service and package sync are switched
 * off. When creating, an account can be opened at a preset panel: its token, endpoint, name and
 * USD are filled in. On save the server reads the balance through the API when it can.
 */

type Values = {
  name: string;
  endpoint: string;
  apiToken: string;
  type: ProviderType;
  currency: string;
  resaleMarginPercent: string;
  statisticType: ProviderStatisticType;
  status: 'active' | 'disabled';
  autoRecreateOrdersIsAllowed: boolean;
  isOurPanel: boolean;
} & Record<ProviderSyncFlag, boolean>;

export function ProviderDialog(props: ActionDialogProps<ExternalPanelRow, ExternalPanelBody>) {
  const row = props.row as ExternalPanelRow | undefined;
  const detail = useQuery({
    queryKey: ['detail', 'external-panels', row?.id],
    queryFn: ({ signal }) => api('externalPanelsShow', { params: { externalPanelId: row!.id }, signal }),
    enabled: !!row,
  });
  const collections = useQuery({
    queryKey: ['external-panels-collections'],
    queryFn: ({ signal }) => api('externalPanelsCollections', { signal }),
    staleTime: 10 * 60_000,
  });
  if (detail.isError || collections.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(detail.error ?? collections.error)}
      </Alert>
    );
  if ((row && !detail.data) || !collections.data) return <Loader size="sm" aria-label="Loading the provider" />;
  return <ProviderForm {...props} detail={detail.data} collections={collections.data} />;
}

interface Collections {
  currencies: string[];
  statisticTypes: { value: ProviderStatisticType; label: string }[];
  types: { value: ProviderType; label: string }[];
}

function initialValues(d: ExternalPanelDetail | undefined): Values {
  const flags = Object.fromEntries(PROVIDER_SYNC_FLAGS.map((f) => [f, d ? d[f] : f === 'syncServices' || f === 'syncPrices'])) as Record<
    ProviderSyncFlag,
    boolean
  >;
  return {
    name: d?.name ?? '',
    endpoint: d?.endpoint ?? '',
    apiToken: '',
    type: d?.type ?? 'socpanel',
    currency: d?.currency ?? DEFAULT_PROVIDER_CURRENCY,
    resaleMarginPercent: d?.resaleMarginPercent ?? '0.3',
    statisticType: d?.statisticType ?? 'none',
    status: d?.status ?? 'active',
    autoRecreateOrdersIsAllowed: d?.autoRecreateOrdersIsAllowed ?? false,
    isOurPanel: d?.isOurPanel ?? false,
    ...flags,
  };
}

function ProviderForm({
  detail,
  collections,
  ...props
}: ActionDialogProps<ExternalPanelRow, ExternalPanelBody> & { detail: ExternalPanelDetail | undefined; collections: Collections }) {
  const form = useContractForm<Values, ExternalPanelBody>({
    schema: externalPanelBodySchema,
    errors: props.errors,
    initialValues: initialValues(detail),
    transform: (v) => ({ ...v, name: v.name.trim(), endpoint: v.endpoint.trim(), apiToken: v.apiToken.trim() }),
    draft: { key: `external-panel:${detail?.id ?? 'new'}`, updatedAt: detail?.updatedAt ?? null },
  });
  const [validation, setValidation] = useState<{ color: string; text: string } | null>(null);
  const [validating, setValidating] = useState(false);

  const validate = async () => {
    const endpoint = form.getValues().endpoint.trim();
    if (!endpoint) {
      form.setFieldError('endpoint', 'Type the endpoint first.');
      return;
    }
    setValidating(true);
    try {
      const answer = await api('externalPanelsValidate', { body: { endpoint } });
      if (answer.is_our_panel) {
        form.setFieldValue('endpoint', answer.endpoint);
        form.setFieldValue('isOurPanel', true);
        setValidation({ color: 'teal', text: answer.endpoint !== endpoint ? `${answer.message} (${answer.endpoint})` : answer.message });
      } else {
        form.setFieldValue('isOurPanel', false);
        form.setFieldValue('syncServices', false);
        form.setFieldValue('syncPackages', false);
        setValidation({ color: 'yellow', text: answer.message });
      }
    } catch (error) {
      if (error instanceof ValidationError) form.setServerErrors(error.errors);
      setValidation({ color: 'red', text: errorMessage(error) });
    } finally {
      setValidating(false);
    }
  };

  const editing = !!detail;
  return (
    <FormDialog form={form} {...props} submitLabel={editing ? 'Save' : 'Create'}>
      {!editing && (
        <PresetAccount
          onFilled={(a) => {
            form.setValues({ ...form.getValues(), apiToken: a.api_token, endpoint: a.endpoint, name: a.name, currency: a.currency, type: a.type });
            setValidation({ color: 'teal', text: a.message });
          }}
        />
      )}
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <Stack gap={4}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Endpoint"
            description="The provider's API URL (SMM panel API v2)"
            required
            placeholder="https://panel.example/api/v2"
            style={{ flex: 1 }}
            {...form.getInputProps('endpoint')}
          />
          <Button variant="default" onClick={validate} loading={validating}>
            Validate
          </Button>
        </Group>
        {validation && (
          <Alert color={validation.color} variant="light" py={6} role="status">
            <Text size="sm">{validation.text}</Text>
          </Alert>
        )}
      </Stack>
      <PasswordInput
        label="API token"
        required={!editing}
        autoComplete="new-password"
        description={
          editing
            ? detail?.hasApiToken
              ? 'A token is stored. Leave empty to keep it.'
              : 'No token stored yet.'
            : 'The API key of your account at the provider.'
        }
        placeholder={editing ? '•••••••• (leave empty to keep)' : ''}
        {...form.getInputProps('apiToken')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Type" data={collections.types} allowDeselect={false} {...form.getInputProps('type')} />
        <Select label="Currency" data={collections.currencies} searchable allowDeselect={false} {...form.getInputProps('currency')} />
        <PercentInput label="Margin" description="Added to the provider's price when importing" max={100} {...form.getInputProps('resaleMarginPercent')} />
        <Select label="Statistic type" data={collections.statisticTypes} allowDeselect={false} {...form.getInputProps('statisticType')} />
        <Select
          label="Status"
          data={[
            { value: 'active', label: 'Active' },
            { value: 'disabled', label: 'Disabled' },
          ]}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <Switch label="Orders may be recreated at this provider automatically" {...form.getInputProps('autoRecreateOrdersIsAllowed', { type: 'checkbox' })} />
      <Fieldset legend="Sync: what a sync with this provider may change here" variant="unstyled">
        <SimpleGrid cols={{ base: 2, sm: 3 }} mt={6} spacing={6}>
          {PROVIDER_SYNC_FLAGS.map((f) => (
            <Checkbox key={f} label={PROVIDER_SYNC_FLAG_LABELS[f]} {...form.getInputProps(f, { type: 'checkbox' })} />
          ))}
        </SimpleGrid>
      </Fieldset>
      {!editing && (
        <Text size="xs" c="dimmed">
          On save the balance is read through the provider's API; if the provider cannot be reached the provider is still saved and you are told why.
        </Text>
      )}
    </FormDialog>
  );
}

interface Account {
  api_token: string;
  endpoint: string;
  name: string;
  currency: string;
  type: ProviderType;
  message: string;
}

/** "Create account from preset": pick a top provider, open an account there, fill the form. */
function PresetAccount({ onFilled }: { onFilled: (a: Account) => void }) {
  const presets = useQuery({ queryKey: ['preset-panels'], queryFn: ({ signal }) => api('presetPanels', { signal }) });
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!presets.data?.length) return null;
  const create = async () => {
    const preset = presets.data.find((p) => String(p.id) === chosen);
    if (!preset) return;
    setBusy(true);
    setError(null);
    try {
      onFilled(await api('externalPanelsCreateAccount', { body: { endpoint: preset.url, presetId: preset.id } }));
      await presets.refetch();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label="Create account from preset"
          placeholder="Choose a top provider"
          style={{ flex: 1 }}
          data={presets.data.map((p) => ({ value: String(p.id), label: p.isUsed ? `${p.name} (account created)` : p.name }))}
          value={chosen}
          onChange={setChosen}
          clearable
        />
        <Button variant="light" onClick={create} disabled={!chosen} loading={busy}>
          Create account
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
