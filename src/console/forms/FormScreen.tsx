import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useId, useRef, useState, type ReactNode } from 'react';
import { ValidationError, errorMessage } from '../api/errors';
import { DiscardQuestion } from './DiscardQuestion';
import { DraftNotice, FormAlert } from './FormNotices';
import { focusFirstError, type ContractForm } from './useContractForm';
import { useUnloadWarning } from './useUnloadWarning';

/**
 * A full-page record editor: sections of fields and a save bar that stays in view. A 422 puts the
 * errors on their fields; a success forgets the draft and makes the saved values the new start.
 * Leaving with changes asks first: another screen through the router's blocker, the tab through
 * the browser's prompt.
 */
export interface FormScreenProps<Values, Body> {
  form: ContractForm<Values, Body>;
  /** Sends the body; throws the API error on failure (a ValidationError lands on the fields). */
  onSubmit: (body: Body) => Promise<unknown>;
  submitLabel?: string;
  children: ReactNode;
}

export function FormScreen<Values, Body>({ form, onSubmit, submitLabel = 'Save changes', children }: FormScreenProps<Values, Body>) {
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // A save may move to another screen (a created record's); that is not leaving changes behind.
  const sending = useRef(false);
  const dirty = form.isDirty();
  useUnloadWarning(dirty);
  const blocker = useBlocker({ shouldBlockFn: () => form.isDirty() && !sending.current, enableBeforeUnload: false, withResolver: true });

  const submit = form.onSubmit(
    async (values) => {
      setSaving(true);
      setMessage(null);
      sending.current = true;
      try {
        await onSubmit(form.toBody(values));
        form.draft.clear();
        form.resetDirty();
      } catch (caught) {
        if (caught instanceof ValidationError && Object.keys(caught.errors).length > 0) form.setServerErrors(caught.errors);
        else setMessage(errorMessage(caught));
      } finally {
        sending.current = false;
        setSaving(false);
      }
    },
    (invalid) => focusFirstError(form.element.current, invalid),
  );

  return (
    <>
      <form ref={form.element} onSubmit={submit} noValidate>
        <Stack gap="lg">
          <DraftNotice form={form} />
          {children}
          <Paper withBorder shadow="sm" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
            <Stack gap="sm">
              <FormAlert form={form} message={message} />
              <Group justify="space-between">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {dirty ? 'You have unsaved changes.' : ''}
                </Text>
                <Group gap="sm">
                  <Button variant="default" onClick={form.draft.discard} disabled={!dirty || saving}>
                    Discard changes
                  </Button>
                  <Button type="submit" loading={saving}>
                    {submitLabel}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </form>
      <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave this page?" centered>
        <DiscardQuestion
          onKeep={() => blocker.reset?.()}
          onDiscard={() => {
            form.draft.clear();
            blocker.proceed?.();
          }}
        />
      </Modal>
    </>
  );
}

/** A titled group of a record screen's fields (main, pricing, providers…). */
export function FormSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
      <Stack gap="sm" mt="md">
        {children}
      </Stack>
    </Paper>
  );
}
