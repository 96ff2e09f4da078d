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
