import { Alert, Button, Group, Stack } from '@mantine/core';

/**
 * The bottom of an action dialog: the general error message of the last attempt, 'Cancel' and the
 * submit button (a `type="submit"` of the dialog's form).
 */
export interface DialogActionsProps {
  submitLabel?: string;
  cancelLabel?: string;
  onCancel: () => void;
  submitting: boolean;
  errorMessage?: string | null;
  color?: string;
}

export function DialogActions({ submitLabel = 'Save', cancelLabel = 'Cancel', onCancel, submitting, errorMessage, color }: DialogActionsProps) {
  return (
    <Stack gap="sm">
      {errorMessage && (
        <Alert color="red" role="alert">
          {errorMessage}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={submitting} color={color}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/** The bottom of a dialog that only shows or saves as it goes (billing, sorting, statistics): 'Close'. */
export function DialogCloseAction({ onClose, disabled, mt }: { onClose: () => void; disabled?: boolean; mt?: string }) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onClose} disabled={disabled}>
        Close
      </Button>
    </Group>
  );
}
