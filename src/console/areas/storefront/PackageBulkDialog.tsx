import { SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { packagesBulkBodySchema, type PackageRow, type PackagesBulkBody } from '../../../contract/storefront';
import type { ActionDialogProps } from '../../resource/actions';
import { PercentInput } from '../../forms/fields';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';

/**
 * Bulk update of the selected packages: enable or disable, archive or restore, and a discount typed
 * as a percent, sent as a fraction with 3 decimals. Anything left at
 * "Keep" is not sent.
 */

type Tri = 'keep' | 'on' | 'off';
interface Values {
  enabled: Tri;
  archived: Tri;
  setDiscount: boolean;
  discountPercent: string;
}
type Input = Omit<PackagesBulkBody, 'package_ids'>;
const tri = (v: Tri) => (v === 'keep' ? undefined : v === 'on');

export function PackageBulkDialog(props: ActionDialogProps<PackageRow, Input>) {
  const form = useContractForm<Values, PackagesBulkBody>({
    schema: packagesBulkBodySchema,
    errors: props.errors,
    fieldMap: { package_ids: 'enabled' },
    initialValues: { enabled: 'keep', archived: 'keep', setDiscount: false, discountPercent: '' },
    transform: (v) => ({
      package_ids: props.rows.map((r) => r.id),
      is_enabled: tri(v.enabled),
      is_archived: tri(v.archived),
      discount_percent: v.setDiscount ? v.discountPercent || '0' : undefined,
    }),
  });
  return (
    <FormDialog
      form={form}
      {...props}
      onSubmit={(body) => props.onSubmit({ is_enabled: body.is_enabled, is_archived: body.is_archived, discount_percent: body.discount_percent })}
      submitLabel="Apply"
    >
      <Text size="sm">
        {props.rows.length} package{props.rows.length === 1 ? '' : 's'} selected.
      </Text>
      <Stack gap={4} data-path="enabled">
        <Text size="sm" fw={500} id="bulk-enabled">
          Enabled
        </Text>
        <SegmentedControl
          aria-labelledby="bulk-enabled"
          data={[
            { value: 'keep', label: 'Keep' },
            { value: 'on', label: 'Enable' },
            { value: 'off', label: 'Disable' },
          ]}
          {...form.getInputProps('enabled')}
        />
      </Stack>
      <Stack gap={4} data-path="archived">
        <Text size="sm" fw={500} id="bulk-archived">
          Archive
        </Text>
        <SegmentedControl
          aria-labelledby="bulk-archived"
          data={[
            { value: 'keep', label: 'Keep' },
            { value: 'on', label: 'Archive' },
            { value: 'off', label: 'Restore' },
          ]}
          {...form.getInputProps('archived')}
        />
      </Stack>
      <Switch label="Set the discount" {...form.getInputProps('setDiscount', { type: 'checkbox' })} />
      {form.values.setDiscount && <PercentInput label="Discount" decimals={3} description="Costs are recomputed." {...form.getInputProps('discountPercent')} />}
    </FormDialog>
  );
}
