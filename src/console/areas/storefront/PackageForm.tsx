import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DEFAULT_PACKAGE_TYPE,
  PACKAGE_TRANSLATION_FIELDS,
  PACKAGE_TYPE_LABELS,
  PACKAGE_TYPES,
  packageBodySchema,
  type AvailableService,
  type PackageBody,
  type PackageDetail,
  type PackageRow,
  type PackageType,
} from '../../../contract/storefront';
import type { Translations } from '../../../contract/locales';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage, ValidationError } from '../../api/errors';
import { MoneyInput, PercentInput, TranslationsField } from '../../forms/fields';
import { FormDialog } from '../../forms/FormDialog';
import { FormSection } from '../../forms/FormScreen';
import { useContractForm, type ContractForm } from '../../forms/useContractForm';
import { CostLabel } from '../../ui/CostLabel';
import { percentText } from '../../ui/format';
import { packageCollectionsQuery } from './queries';

/**
 * The package form: the create dialog, and the fields the package's
 * screen (./PackageEditor.tsx) edits with. Contents are rows of a service of the package's network (searched by name),
 * a quantity and whether buyers see it; the costs are the server's (POST total-cost), shown live
 * as the rows change. The discount is typed as a percent and sent as a 3-decimal fraction.
 */

interface ContentValue {
  key: string;
  serviceId: string | null;
  quantity: number | string;
  isDisplayable: boolean;
}

interface Values {
  name: string;
  type: PackageType;
  networkId: string | null;
  translations: Translations<(typeof PACKAGE_TRANSLATION_FIELDS)[number]>;
  slug: string;
  restrictedAccess: boolean;
  buyPageUrl: string;
  fixedCost: string;
  discountPercent: string;
  isEnabled: boolean;
  contents: ContentValue[];
}

let keySeq = 0;
const newKey = () => `new-${++keySeq}`;

const toBody = (v: Values): PackageBody => ({
  name: v.name,
  type: v.type,
  network_id: v.networkId ? Number(v.networkId) : (undefined as never),
  translations: v.translations,
  slug: v.slug || null,
  restricted_access: v.restrictedAccess,
  buy_page_url: v.buyPageUrl || null,
  fixed_cost: v.fixedCost || null,
  discount_percent: v.discountPercent || '0',
  is_enabled: v.isEnabled,
  contents: v.contents.map((c) => ({
    service_id: c.serviceId ? Number(c.serviceId) : (undefined as never),
    quantity: typeof c.quantity === 'number' ? c.quantity : ((c.quantity === '' ? undefined : Number(c.quantity)) as never),
    is_displayable: c.isDisplayable,
  })),
});

function initialValues(detail?: PackageDetail): Values {
  return {
    name: detail?.name ?? '',
    type: detail?.type ?? DEFAULT_PACKAGE_TYPE,
    networkId: detail?.network ? String(detail.network.id) : null,
    translations: (detail?.translations ?? {}) as Values['translations'],
    slug: detail?.slug ?? '',
    restrictedAccess: detail?.restrictedAccess ?? false,
    buyPageUrl: detail?.buyPageUrl ?? '',
    fixedCost: detail?.fixedCost ?? '',
    discountPercent: detail?.discountPercent ?? '0.000',
    isEnabled: detail?.isEnabled ?? true,
    contents: detail?.items.map((i) => ({ key: `c-${i.id}`, serviceId: String(i.service.id), quantity: i.quantity, isDisplayable: i.isDisplayable })) ?? [
      { key: newKey(), serviceId: null, quantity: '', isDisplayable: true },
    ],
  };
}

export function usePackageForm(detail: PackageDetail | undefined, errors?: Record<string, string[]> | null) {
  return useContractForm<Values, PackageBody>({
    schema: packageBodySchema,
    errors,
    initialValues: initialValues(detail),
    transform: toBody,
    draft: { key: `package:${detail?.id ?? 'new'}`, updatedAt: detail?.updatedAt },
  });
}

/** Create (the list's "New package"). */
export function PackageDialog(props: ActionDialogProps<PackageRow, PackageBody>) {
  const form = usePackageForm(undefined, props.errors);
  return (
    <FormDialog form={form} {...props} submitLabel="Create">
      <PackageFields form={form} known={new Map()} compact />
    </FormDialog>
  );
}

type KnownServices = Map<string, { name: string; serviceType: string }>;

export function PackageFields({ form, known, compact }: { form: ContractForm<Values, PackageBody>; known: KnownServices; compact?: boolean }) {
  const collections = useQuery(packageCollectionsQuery());
  const v = form.values;
  const main = (
    <>
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <Group grow align="flex-start">
        <Stack gap={4} data-path="type">
          <Text size="sm" fw={500} id="package-type-label">
            Type
          </Text>
          <SegmentedControl
            aria-labelledby="package-type-label"
            data={PACKAGE_TYPES.map((t) => ({ value: t, label: PACKAGE_TYPE_LABELS[t] }))}
            {...form.getInputProps('type')}
          />
          <Text size="xs" c="dimmed">
            {v.type === 'auto' ? 'Placed as one order per service.' : 'Fulfilled by staff.'}
          </Text>
        </Stack>
        <Select
          label="Network"
          required
          searchable
          data={collections.data?.networks.map((n) => ({ value: String(n.id), label: n.name })) ?? []}
          rightSection={collections.isPending ? <Loader size="xs" /> : undefined}
          {...form.getInputProps('networkId')}
          onChange={(value) => {
            if (value !== v.networkId && v.contents.some((c) => c.serviceId)) {
              // Services belong to one network: a new network starts the contents afresh.
              form.setFieldValue('contents', [{ key: newKey(), serviceId: null, quantity: '', isDisplayable: true }]);
            }
            form.setFieldValue('networkId', value);
          }}
        />
      </Group>
      <Group grow align="flex-start">
        <Switch label="Enabled" {...form.getInputProps('isEnabled', { type: 'checkbox' })} />
        <Switch label="Restricted access" description="Only buyers given access see it." {...form.getInputProps('restrictedAccess', { type: 'checkbox' })} />
      </Group>
    </>
  );
  const pricing = (
    <>
      <Group grow align="flex-start">
        <PercentInput label="Discount" decimals={3} description="Off the default cost." {...form.getInputProps('discountPercent')} />
        <MoneyInput label="Fixed cost" description="Empty: the default cost less the discount." {...form.getInputProps('fixedCost')} />
      </Group>
      <ContentsEditor form={form} known={known} />
    </>
  );
  const storefront = (
    <>
      <TranslationsField
        label="Texts"
        fields={[
          { name: 'name', label: 'Name' },
          { name: 'description', label: 'Description', multiline: true },
        ]}
        {...form.getInputProps('translations')}
        errors={form.errors}
      />
      <Group grow align="flex-start">
        <TextInput label="Slug" placeholder="instagram-starter" {...form.getInputProps('slug')} />
        <TextInput label="Buy page URL" placeholder="https://…" {...form.getInputProps('buyPageUrl')} />
      </Group>
    </>
  );
  if (compact) {
    return (
      <Stack gap="sm">
        {main}
        {pricing}
        {storefront}
      </Stack>
    );
  }
  return (
    <>
      <FormSection title="Package">{main}</FormSection>
      <FormSection title="Contents and price" description="The costs are computed from the services' default prices.">
        {pricing}
      </FormSection>
      <FormSection title="Storefront">{storefront}</FormSection>
    </>
  );
}

function ContentsEditor({ form, known }: { form: ContractForm<Values, PackageBody>; known: KnownServices }) {
  const v = form.values;
  const [picked, setPicked] = useState<Map<string, AvailableService>>(new Map());
  const complete = v.contents.filter((c) => c.serviceId && Number(c.quantity) > 0);
  const costBody = {
    contents: complete.map((c) => ({ service_id: Number(c.serviceId), quantity: Number(c.quantity) })),
    fixed_cost: v.fixedCost || null,
    discount_percent: v.discountPercent || '0',
  };
  const [debounced] = useDebouncedValue(JSON.stringify(costBody), 300);
  const costs = useQuery({
    queryKey: ['storefront', 'package-total-cost', debounced],
    queryFn: ({ signal }) => api('packagesTotalCost', { body: JSON.parse(debounced), signal }),
    enabled: complete.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const lineOf = (c: ContentValue) => costs.data?.contents.find((l) => String(l.serviceId) === c.serviceId && l.quantity === Number(c.quantity));
  const rowsError = form.errors.contents;

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Contents
      </Text>
      {typeof rowsError === 'string' && (
        <Text size="sm" c="red" data-path="contents">
          {rowsError}
        </Text>
      )}
      {v.contents.map((c, i) => {
        const service = c.serviceId ? picked.get(c.serviceId) : undefined;
        const line = lineOf(c);
        return (
          <Paper key={c.key} withBorder p="xs" component="fieldset" aria-label={`Service ${i + 1}`} style={{ margin: 0 }}>
            <Stack gap={6}>
              <ServicePicker
                networkId={v.networkId}
                label={`Service ${i + 1}`}
                value={c.serviceId}
                known={known}
                picked={picked}
                onPick={(s) => setPicked((m) => new Map(m).set(String(s.id), s))}
                inputProps={form.getInputProps(`contents.${i}.serviceId`)}
              />
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <NumberInput
                  label="Quantity"
                  min={1}
                  allowDecimal={false}
                  w={160}
                  description={
                    service ? `${service.minQuantity} – ${service.maxQuantity}${service.quantityStep > 1 ? `, step ${service.quantityStep}` : ''}` : undefined
                  }
                  {...form.getInputProps(`contents.${i}.quantity`)}
                />
                <Checkbox label="Shown to buyers" mb={8} {...form.getInputProps(`contents.${i}.isDisplayable`, { type: 'checkbox' })} />
                <Stack gap={0} ml="auto" align="flex-end">
                  <Text size="xs" c="dimmed">
                    Cost / price
                  </Text>
                  <Text size="sm" data-testid={`content-cost-${i}`}>
                    {line ? (
                      <>
                        <CostLabel value={line.cost} maxDecimals={4} /> / <CostLabel value={line.price} maxDecimals={4} />
                      </>
                    ) : (
                      '—'
                    )}
                  </Text>
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={`Remove service ${i + 1}`}
                  disabled={v.contents.length === 1}
                  onClick={() => form.removeListItem('contents', i)}
                >
                  ×
                </ActionIcon>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between" align="flex-start">
        <Button
          variant="light"
          size="xs"
          disabled={!v.networkId || v.contents.length >= 50}
          onClick={() => form.insertListItem('contents', { key: newKey(), serviceId: null, quantity: '', isDisplayable: true })}
        >
          Add service
        </Button>
        <TotalCost
          costs={costs.data}
          loading={costs.isFetching}
          error={costs.error}
          discount={v.discountPercent}
          fixed={!!v.fixedCost}
          empty={complete.length === 0}
        />
      </Group>
    </Stack>
  );
}

function TotalCost({
  costs,
  loading,
  error,
  discount,
  fixed,
  empty,
}: {
  costs?: { defaultCost: string; totalCost: string; difference: string };
  loading: boolean;
  error: unknown;
  discount: string;
  fixed: boolean;
  empty: boolean;
}) {
  if (empty)
    return (
      <Text size="sm" c="dimmed">
        Add a service and its quantity to see the cost.
      </Text>
    );
  const problem = error instanceof ValidationError ? Object.values(error.errors).flat()[0] : error ? errorMessage(error) : null;
  return (
    <Paper withBorder p="xs" miw={240} aria-live="polite" aria-label="Package cost">
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
        <Text size="sm" c="dimmed">
          Default cost
        </Text>
        <Text size="sm" ta="right">
          {costs ? <CostLabel value={costs.defaultCost} maxDecimals={4} /> : '—'}
        </Text>
        <Text size="sm" c="dimmed">
          {fixed ? 'Fixed cost' : `Discount ${percentText(discount || '0')}`}
        </Text>
        <Text size="sm" ta="right">
          {costs ? <CostLabel value={costs.difference} maxDecimals={4} /> : '—'}
        </Text>
        <Text size="sm" fw={600}>
          Total cost
        </Text>
        <Text size="sm" fw={600} ta="right" data-testid="package-total-cost">
          {loading && !costs ? <Loader size="xs" /> : costs ? <CostLabel value={costs.totalCost} maxDecimals={4} /> : '—'}
        </Text>
      </SimpleGrid>
      {problem && (
        <Text size="xs" c="red" mt={4}>
          {problem}
        </Text>
      )}
    </Paper>
  );
}

interface PickerProps {
  networkId: string | null;
  label: string;
  value: string | null;
  known: KnownServices;
  picked: Map<string, AvailableService>;
  onPick: (service: AvailableService) => void;
  inputProps: ReturnType<ContractForm<Values, PackageBody>['getInputProps']>;
}

/** A service of the network, searched by name or id on the server (POST available-services). */
function ServicePicker({ networkId, label, value, known, picked, onPick, inputProps }: PickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const selectedLabel = value ? (picked.get(value)?.name ?? known.get(value)?.name) : undefined;
  // Searching for the chosen service's own name would narrow the list to it alone.
  const term = debounced === selectedLabel ? '' : debounced;
  const found = useQuery({
    queryKey: ['storefront', 'package-services', networkId, term],
    queryFn: ({ signal }) => api('packagesAvailableServices', { body: { network_id: Number(networkId), search: term, page: 1 }, signal }),
    enabled: !!networkId,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const items = found.data?.items ?? [];
  const data = items.map((s) => ({ value: String(s.id), label: `${s.name} (#${s.id})`, group: s.serviceType }));
  if (value && !items.some((s) => String(s.id) === value)) {
    const k = picked.get(value) ?? known.get(value);
    data.unshift({ value, label: k ? `${k.name} (#${value})` : `Service #${value}`, group: k?.serviceType ?? 'Chosen' });
  }
  const groups = [...new Set(data.map((d) => d.group))].map((group) => ({
    group,
    items: data.filter((d) => d.group === group).map(({ value: v, label: l }) => ({ value: v, label: l })),
  }));
  return (
    <Select
      label={label}
      required
      searchable
      placeholder={networkId ? 'Search by name or id' : 'Choose the network first'}
      disabled={!networkId}
      data={groups}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No service found'}
      rightSection={found.isFetching ? <Loader size="xs" /> : undefined}
      {...inputProps}
      onChange={(next) => {
        const s = items.find((i) => String(i.id) === next);
        if (s) onPick(s);
        inputProps.onChange(next);
      }}
    />
  );
}
