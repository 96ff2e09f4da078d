import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { ValidationError, errorMessage } from '../api/errors';

/**
 * A form dialog a record screen opens itself (not a list action, which useRunAction runs): what it
 * shows while and after it is sent. A 422 keeps the dialog open with its field errors; any other
 * failure keeps it open with the message; success shows the answer's message and runs `done`.
 */
export interface DialogSubmitState {
  errors: Record<string, string[]> | null;
  message: string | null;
  submitting: boolean;
}

const IDLE: DialogSubmitState = { errors: null, message: null, submitting: false };

export function useDialogSubmit() {
  const [state, setState] = useState<DialogSubmitState>(IDLE);
  /** Clears what a previous attempt left (call when the dialog opens). */
  const reset = useCallback(() => setState(IDLE), []);
  /** Resolves true once sent and `done` ran; false when the dialog should stay open. */
  const submit = useCallback(
    async <Answer extends { message: string }>(call: () => Promise<Answer>, done: (answer: Answer) => void | Promise<void>): Promise<boolean> => {
      setState({ ...IDLE, submitting: true });
      try {
        const answer = await call();
        notifications.show({ color: 'teal', message: answer.message });
        setState(IDLE);
        await done(answer);
        return true;
      } catch (error) {
        setState({ errors: error instanceof ValidationError ? error.errors : null, message: errorMessage(error), submitting: false });
        return false;
      }
    },
    [],
  );
  return { state, reset, submit };
}
