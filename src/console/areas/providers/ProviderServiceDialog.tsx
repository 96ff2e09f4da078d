import { Alert, Loader, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { providerServiceBodySchema, type ProviderServiceBody, type ProviderServiceRow } from '../../../contract/providers';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';

/**
 * Create and edit a provider service (pricing rule): name, type, source price (amount and
 * currency) per so many units, its source — the provider and the service id there (both are sent
 * together) — and the events it listens to and sends on.
 */

interface Values {
  name: string;
  type: string;
  amount: string;
  currency: string;
  perUnits: number | string;
  providerId: string | null;
  serviceId: string;
  status: 'active' | 'disabled';
  sourceEvent: string;
  targetEvent: string;
}

export function ProviderServiceDialog(props: ActionDialogProps<ProviderServiceRow, ProviderServiceBody>) {
  const collections = useQuery({
    queryKey: ['provider-services-collections'],
    queryFn: ({ signal }) => api('providerServicesCollections', { signal }),
    staleTime: 5 * 60_000,
  });
  if (collections.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(collections.error)}
      </Alert>
    );
  if (!collections.data) return <Loader size="sm" aria-label="Loading providers" />;
  return <ProviderServiceForm {...props} collections={collections.data} />;
}

function ProviderServiceForm({
  collections,
  ...props
}: ActionDialogProps<ProviderServiceRow, ProviderServiceBody> & {
  collections: { types: { value: string; label: string }[]; providers: { id: number; name: string; currency: string }[]; currencies: string[] };
}) {
  const row = props.row as ProviderServiceRow | undefined;
  const form = useContractForm<Values, ProviderServiceBody>({
    schema: providerServiceBodySchema,
    errors: props.errors,
    fieldMap: {
      'source_price.amount': 'amount',
      'source_price.currency': 'currency',
      source_pricing_per: 'perUnits',
      'external_panel_service.external_panel_id': 'providerId',
      'external_panel_service.external_panel_service_id': 'serviceId',
      source_event: 'sourceEvent',
      target_event: 'targetEvent',
    },
    initialValues: {
      name: row?.name ?? '',
      type: row?.type ?? 'default',
      amount: row?.sourcePrice.amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') ?? '',
      currency: row?.sourcePrice.currency ?? 'USD',
      perUnits: row?.sourcePricingPer ?? 1000,
      providerId: row ? String(row.provider.id) : null,
      serviceId: row?.externalPanelServiceId ?? '',
      status: row?.status ?? 'active',
      sourceEvent: row?.sourceEvent ?? '',
      targetEvent: row?.targetEvent ?? '',
    },
    transform: (v) => ({
      name: v.name.trim(),
      type: v.type as ProviderServiceBody['type'],
      source_price: { amount: v.amount.trim(), currency: v.currency },
      source_pricing_per: Number(v.perUnits),
      external_panel_service: { external_panel_id: Number(v.providerId ?? 0), external_panel_service_id: v.serviceId.trim() },
      status: v.status,
      source_event: v.sourceEvent.trim() || null,
      target_event: v.targetEvent.trim() || null,
    }),
    draft: { key: `provider-service:${row?.id ?? 'new'}` },
  });
  const providerCurrency = (id: string | null) => collections.providers.find((p) => String(p.id) === id)?.currency;
  return (
    <FormDialog form={form} {...props} submitLabel={row ? 'Save' : 'Create'}>
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Type" data={collections.types} allowDeselect={false} {...form.getInputProps('type')} />
        <Select
          label="Status"
          data={[
            { value: 'active', label: 'Active' },
            { value: 'disabled', label: 'Disabled' },
          ]}
          allowDeselect={false}
          {...form.getInputProps('status')}
        />
        <Select
          label="Provider"
          required
          searchable
          data={collections.providers.map((p) => ({ value: String(p.id), label: p.name }))}
          {...form.getInputProps('providerId')}
          onChange={(v) => {
            form.setFieldValue('providerId', v);
            const c = providerCurrency(v);
            if (c && !form.isDirty('currency')) form.setFieldValue('currency', c);
          }}
        />
        <TextInput label="Service id at the provider" required {...form.getInputProps('serviceId')} />
        <TextInput label="Source price" required inputMode="decimal" {...form.getInputProps('amount')} />
        <Select label="Currency" data={collections.currencies} allowDeselect={false} {...form.getInputProps('currency')} />
        <NumberInput label="Source price per (units)" required min={1} allowDecimal={false} {...form.getInputProps('perUnits')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Source event" placeholder="order.created" {...form.getInputProps('sourceEvent')} />
        <TextInput label="Target event" placeholder="order.placed" {...form.getInputProps('targetEvent')} />
      </SimpleGrid>
    </FormDialog>
  );
}
