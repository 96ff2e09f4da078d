import { Switch, Text } from '@mantine/core';
import { packagesBulkBodySchema, type PackageRow, type PackagesBulkBody } from '../../../contract/storefront';
import type { ActionDialogProps } from '../../resource/actions';
import { KeepOnOffField, PercentInput } from '../../forms/fields';
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
      <KeepOnOffField id="bulk-enabled" path="enabled" label="Enabled" on="Enable" off="Disable" {...form.getInputProps('enabled')} />
      <KeepOnOffField id="bulk-archived" path="archived" label="Archive" on="Archive" off="Restore" {...form.getInputProps('archived')} />
      <Switch label="Set the discount" {...form.getInputProps('setDiscount', { type: 'checkbox' })} />
      {form.values.setDiscount && <PercentInput label="Discount" decimals={3} description="Costs are recomputed." {...form.getInputProps('discountPercent')} />}
    </FormDialog>
  );
}
