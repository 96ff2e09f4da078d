import { useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';

/**
 * A @mantine/form form for an action dialog that shows the server's field errors
 * (ValidationError.errors, Laravel keys such as 'admin_note' or 'items.0.amount') on its fields.
 * `fieldMap` renames server keys to form paths where they differ ({admin_note: 'adminNote'}).
 */
export interface UseActionFormInput<Values extends Record<string, any>> extends UseFormInput<Values> {
  /** The dialog's `errors` prop. */
  errors: Record<string, string[]> | null;
  fieldMap?: Record<string, string>;
}

/** Server errors -> form errors (first message per field). */
export function toFormErrors(errors: Record<string, string[]> | null, fieldMap: Record<string, string> = {}): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    if (messages.length > 0) mapped[fieldMap[key] ?? key] = messages[0];
  }
  return mapped;
}

export function useActionForm<Values extends Record<string, any>>({ errors, fieldMap, ...input }: UseActionFormInput<Values>): UseFormReturnType<Values> {
  const form = useForm<Values>(input);
  // Applied once per failed attempt (a new errors object), so typing can clear a field's error.
  const latest = useRef({ form, fieldMap });
  latest.current = { form, fieldMap };
  useEffect(() => {
    if (errors) latest.current.form.setErrors(toFormErrors(errors, latest.current.fieldMap));
  }, [errors]);
  return form;
}
