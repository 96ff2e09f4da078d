import { ActionIcon, Alert, Button, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { discountBodySchema, type DiscountBody, type DiscountRow } from '../../../contract/incentives';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { CountrySelect } from '../../forms/fields/CountrySelect';
import { DateTimeField } from '../../forms/fields/DateFields';
import { PercentInput } from '../../forms/fields/PercentInput';
import { useContractForm } from '../../forms/useContractForm';

/**
 * The discount editor: name, validity (UTC), countries (none: every customer; some: a local
 * discount for customers of those countries) and services with a
 * percentage each, one row per service. Errors land on their fields and rows
 * (`services.2.discount_percent`).
 */

interface ServiceRowValue {
  service_id: string | null;
  discount_percent: string;
}

interface Values {
  name: string;
  valid_from: string | null;
  valid_to: string | null;
  countries: string[];
  services: ServiceRowValue[];
}

const toBody = (v: Values): DiscountBody => ({
  name: v.name,
  valid_from: v.valid_from ?? '',
  valid_to: v.valid_to ?? '',
  countries: v.countries,
  services: v.services.map((s) => ({ service_id: s.service_id ? Number(s.service_id) : null, discount_percent: s.discount_percent })),
});

export const discountServicesQuery = {
  queryKey: ['discounts', 'services'],
  queryFn: ({ signal }: { signal: AbortSignal }) => api('discountServices', { signal }),
  staleTime: 60_000,
};

export function DiscountDialog(props: ActionDialogProps<DiscountRow, DiscountBody>) {
  const services = useQuery(discountServicesQuery);
  if (services.isError) return <Alert color="red">{errorMessage(services.error)}</Alert>;
  if (!services.data) return <Loader size="sm" aria-label="Loading services" />;
  return <DiscountForm {...props} services={services.data} />;
}

function DiscountForm({ row: given, services, ...props }: ActionDialogProps<DiscountRow, DiscountBody> & { services: { id: number; name: string }[] }) {
  const row = given as DiscountRow | undefined;
  const form = useContractForm<Values, DiscountBody>({
    schema: discountBodySchema,
    errors: props.errors,
    transform: toBody,
    initialValues: {
      name: row?.name ?? '',
      valid_from: row?.validFrom ?? null,
      valid_to: row?.validTo ?? null,
      countries: row?.countries ?? [],
      services: row?.services.map((s) => ({ service_id: String(s.id), discount_percent: s.discountPercent })) ?? [{ service_id: null, discount_percent: '' }],
    },
    draft: { key: row ? `discount:${row.id}` : 'discount:new' },
  });
  const options = useMemo(() => {
    const list = services.map((s) => ({ value: String(s.id), label: s.name }));
    for (const s of row?.services ?? []) if (!list.some((o) => o.value === String(s.id))) list.unshift({ value: String(s.id), label: `${s.name} (archived)` });
    return list;
  }, [services, row]);
  const rows = form.values.services;
  const servicesError = form.errors.services;
  return (
    <FormDialog form={form} {...props} submitLabel={row ? 'Save' : 'Create discount'}>
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField label="Valid from" required {...form.getInputProps('valid_from')} />
        <DateTimeField label="Valid to" required {...form.getInputProps('valid_to')} />
      </SimpleGrid>
      <CountrySelect
        label="Countries"
        description="Leave empty for every customer; with countries it is a local discount for customers of those countries only"
        withFlags
        {...form.getInputProps('countries')}
      />
      <Stack gap="xs" role="group" aria-label="Services and their discount">
        <Text size="sm" fw={500}>
          Services
        </Text>
        {rows.map((_, i) => (
          <Group key={i} align="flex-start" gap="xs" wrap="nowrap" data-row={i}>
            <Select
              style={{ flex: 1 }}
              label={`Service ${i + 1}`}
              placeholder="Choose a service"
              searchable
              data={options.filter((o) => o.value === rows[i].service_id || !rows.some((r) => r.service_id === o.value))}
              nothingFoundMessage="No such service"
              {...form.getInputProps(`services.${i}.service_id`)}
            />
            <PercentInput w={130} label={`Discount ${i + 1}`} decimals={4} {...form.getInputProps(`services.${i}.discount_percent`)} />
            <ActionIcon
              mt={25}
              variant="subtle"
              color="red"
              aria-label={`Remove service ${i + 1}`}
              disabled={rows.length === 1}
              onClick={() => form.removeListItem('services', i)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        {servicesError && (
          <Text size="xs" c="red" role="alert">
            {servicesError}
          </Text>
        )}
        <Group>
          <Button variant="light" size="xs" onClick={() => form.insertListItem('services', { service_id: null, discount_percent: '' })}>
            Add service
          </Button>
        </Group>
      </Stack>
    </FormDialog>
  );
}
