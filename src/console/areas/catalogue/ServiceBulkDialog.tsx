import { Alert, Checkbox, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import {
  BULK_SERVICE_FLAGS,
  SERVICE_FLAG_LABELS,
  serviceBulkBodySchema,
  type BulkServiceFlag,
  type ServiceBulkBody,
  type ServiceChange,
  type ServiceRow,
} from '../../../contract/catalogue';
import type { ActionDialogProps } from '../../resource/actions';
import { FormDialog } from '../../forms/FormDialog';
import { KeepOnOffField, keepOnOff, PercentInput } from '../../forms/fields';
import { useContractForm } from '../../forms/useContractForm';
import { ImpactDetails, impactQuery } from './ServiceImpactDialog';

/**
 * Bulk update of the selected services: enable or disable, archive or bring back,
 * set the resale margin, switch flags on or off. Anything left at "Keep" is not sent. Disabling,
 * archiving or repricing first shows what depends on the services (beyond the spec), read for at
 * most IMPACT_LIMIT of them.
 */

type Tri = 'keep' | 'on' | 'off';
interface Values {
  enabled: Tri;
  archived: Tri;
  setMargin: boolean;
  resaleMarginPercent: string;
  flags: Record<BulkServiceFlag, Tri>;
}
type Input = Omit<ServiceBulkBody, 'servicesIds'>;

const IMPACT_LIMIT = 20;
const triValue = (v: Tri) => (v === 'keep' ? undefined : v === 'on');

export function ServiceBulkDialog(props: ActionDialogProps<ServiceRow, Input>) {
  const { rows } = props;
  const form = useContractForm<Values, ServiceBulkBody>({
    schema: serviceBulkBodySchema,
    errors: props.errors,
    initialValues: {
      enabled: 'keep',
      archived: 'keep',
      setMargin: false,
      resaleMarginPercent: '',
      flags: Object.fromEntries(BULK_SERVICE_FLAGS.map((f) => [f, 'keep'])) as Record<BulkServiceFlag, Tri>,
    },
    transform: (v) => {
      const flags = Object.fromEntries(BULK_SERVICE_FLAGS.filter((f) => v.flags[f] !== 'keep').map((f) => [f, v.flags[f] === 'on']));
      return {
        servicesIds: rows.map((r) => r.id),
        isEnabled: triValue(v.enabled),
        isArchived: triValue(v.archived),
        resaleMarginPercent: v.setMargin ? v.resaleMarginPercent : undefined,
        flags: Object.keys(flags).length ? flags : undefined,
      };
    },
  });
  const v = form.values;
  const change: ServiceChange | null = v.archived === 'on' ? 'archive' : v.enabled === 'off' ? 'disable' : v.setMargin ? 'reprice' : null;
  const checked = rows.slice(0, IMPACT_LIMIT);
  const impacts = useQueries({ queries: change ? checked.map((r) => impactQuery(r.id, change)) : [] });
  const touched = impacts.filter((q) => q.data && !q.data.clear);

  return (
    <FormDialog
      form={form}
      {...props}
      onSubmit={({ servicesIds: _ids, ...input }: ServiceBulkBody) => props.onSubmit(input)}
      submitLabel={`Update ${rows.length} service${rows.length === 1 ? '' : 's'}`}
    >
      <Text size="sm">
        {rows.length} service{rows.length === 1 ? '' : 's'} selected. Anything left at Keep stays as it is.
      </Text>
      <Group align="flex-end" gap="xl">
        <KeepOnOffField id="bulk-enabled" label="Enabled" on="Enable" off="Disable" {...form.getInputProps('enabled')} />
        <KeepOnOffField id="bulk-archived" label="Archive" on="Archive" off="Unarchive" {...form.getInputProps('archived')} />
      </Group>
      <Group align="flex-end">
        <Checkbox label="Set the resale margin" {...form.getInputProps('setMargin', { type: 'checkbox' })} />
        <PercentInput label="Resale margin" decimals={4} disabled={!v.setMargin} w={160} {...form.getInputProps('resaleMarginPercent')} />
      </Group>
      <Text size="sm" fw={500}>
        Flags
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {BULK_SERVICE_FLAGS.map((flag) => (
          <Group key={flag} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" id={`bulk-flag-${flag}`}>
              {SERVICE_FLAG_LABELS[flag]}
            </Text>
            <SegmentedControl size="xs" aria-labelledby={`bulk-flag-${flag}`} data={keepOnOff('On', 'Off')} {...form.getInputProps(`flags.${flag}`)} />
          </Group>
        ))}
      </SimpleGrid>
      {change && (
        <Alert color={touched.length ? 'yellow' : 'gray'} title="What depends on them">
          {impacts.some((q) => q.isPending) ? (
            <Loader size="sm" aria-label="Checking what depends on the services" />
          ) : touched.length === 0 ? (
            <Text size="sm">Nothing depends on {rows.length > IMPACT_LIMIT ? `the first ${IMPACT_LIMIT} selected services` : 'the selected services'}.</Text>
          ) : (
            <Stack gap="xs">
              {touched.map((q) => (
                <ImpactDetails key={q.data!.service.id} impact={q.data!} />
              ))}
              {rows.length > IMPACT_LIMIT && (
                <Text size="xs" c="dimmed">
                  Checked the first {IMPACT_LIMIT} of {rows.length} selected services.
                </Text>
              )}
            </Stack>
          )}
        </Alert>
      )}
    </FormDialog>
  );
}
