import { Stack } from '@mantine/core';
import type { ExternalPanelRow } from '../../../contract/providers';
import type { ActionDialogProps } from '../../resource/actions';
import { BillingPanel } from './BillingPanel';
import { DialogCloseAction } from '../../ui/DialogActions';

/** The provider's billing from its row: records are added, edited and deleted here; Close leaves. */
export function BillingDialog({ row, onCancel }: ActionDialogProps<ExternalPanelRow, void>) {
  return (
    <Stack>
      <BillingPanel panelId={row?.id ?? null} currency={row?.currency ?? 'USD'} />
      <DialogCloseAction onClose={onCancel} />
    </Stack>
  );
}
