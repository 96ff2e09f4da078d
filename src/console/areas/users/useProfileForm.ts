import { useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ValidationError, errorMessage } from '../../api/errors';
import { mapServerErrors, valuePaths } from '../../forms/mapServerErrors';
import { listKeyPrefix } from '../../list/listQuery';
import { USERS_RESOURCE_NAME, userDetailKey } from './queries';

/**
 * A profile panel's form: submits through `send`, shows a 422's messages under the fields (and
 * its general message), notifies on success and reloads the user's profile, panels and lists.
 */
export interface UseProfileFormInput<Values extends Record<string, any>> extends UseFormInput<Values> {
  userId: number;
  /** Success notification title ('Seller updated'). */
  successTitle: string;
  send: (values: Values) => Promise<{ message?: string } | unknown>;
  /** Server keys -> form paths where they differ. */
  fieldMap?: Record<string, string>;
}

export interface ProfileForm<Values> {
  form: UseFormReturnType<Values>;
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  /** The general message of the last failed attempt. */
  error: string | null;
}

export function useProfileForm<Values extends Record<string, any>>({
  userId,
  successTitle,
  send,
  fieldMap,
  ...input
}: UseProfileFormInput<Values>): ProfileForm<Values> {
  const form = useForm<Values>(input);
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (values: Values) => {
    setSubmitting(true);
    setError(null);
    try {
      const answer = await send(values);
      const message = answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string' ? answer.message : 'Saved.';
      notifications.show({ color: 'green', title: successTitle, message });
      form.resetDirty();
      void queryClient.invalidateQueries({ queryKey: userDetailKey(userId) });
      void queryClient.invalidateQueries({ queryKey: listKeyPrefix(USERS_RESOURCE_NAME) });
    } catch (caught) {
      if (caught instanceof ValidationError) {
        // The forms' one mapping (forms/mapServerErrors): on the field, or in the panel's alert
        // when this form has no field for it.
        const { fields, unplaced } = mapServerErrors(caught.errors, { fieldMap, knownPaths: valuePaths(form.getValues()) });
        form.setErrors(fields);
        const unshown = Object.values(unplaced);
        setError(unshown.length > 0 ? unshown.join(' ') : Object.keys(fields).length > 0 ? null : caught.message);
      } else {
        setError(errorMessage(caught));
        notifications.show({ color: 'red', title: `${successTitle}: failed`, message: errorMessage(caught) });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { form, submit: form.onSubmit((values) => void run(values as Values)), submitting, error };
}
