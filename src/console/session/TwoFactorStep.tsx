import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TwoFactorEnrolment } from '../../contract/session';
import { api, apiRaw } from '../api/client';
import { ApiError, errorMessage, ValidationError } from '../api/errors';
import type { TwoFactorChallenge } from './session';
import { useSession } from './SessionContext';
import { EnrolmentInstructions, RecoveryCodes } from './TwoFactorPieces';

/**
 * The second step of a sign-in (src/server/auth/twoFactor.ts): a code from the authenticator app
 * or a recovery code; or, when the panel requires two-factor sign-in of the member and none is set
 * up, the app's enrolment first — then the recovery codes, shown once before the console opens.
 */
export function TwoFactorStep({ challenge, onCancel }: { challenge: TwoFactorChallenge; onCancel: () => void }) {
  const { acceptToken } = useSession();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [finished, setFinished] = useState<{ token: string; recoveryCodes: string[] } | null>(null);

  useEffect(() => {
    if (challenge.kind !== 'setup') return;
    let cancelled = false;
    api('twoFactorLoginSetup', { body: { challenge: challenge.challenge } }).then(
      (answer) => !cancelled && setEnrolment(answer),
      (error: unknown) => !cancelled && setFailure(errorMessage(error)),
    );
    return () => {
      cancelled = true;
    };
  }, [challenge]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!code.trim()) {
      setCodeError('The code field is required.');
      return;
    }
    setSubmitting(true);
    setCodeError(undefined);
    setFailure(null);
    try {
      const { data, response } = await apiRaw('twoFactorLogin', { body: { challenge: challenge.challenge, code: code.trim() } });
      const token = response.headers
        .get('authorization')
        ?.replace(/^Bearer\s+/i, '')
        .trim();
      if (!token) throw new Error('The server did not return a session token.');
      if (data.recoveryCodes?.length) {
        setFinished({ token, recoveryCodes: data.recoveryCodes });
        setSubmitting(false);
        return;
      }
      await acceptToken(token);
    } catch (error) {
      if (error instanceof ValidationError) setCodeError(error.field('code') ?? error.message);
      else setFailure(error instanceof ApiError && error.status === 429 ? `Too many attempts. ${error.message}` : errorMessage(error));
      setSubmitting(false);
    }
  };

  if (finished) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Two-factor sign-in is on
        </Title>
        <RecoveryCodes codes={finished.recoveryCodes} />
        <Button onClick={() => void acceptToken(finished.token)}>I have saved the codes — continue</Button>
      </Stack>
    );
  }

  const setup = challenge.kind === 'setup';
  return (
    <form onSubmit={submit} noValidate aria-labelledby="two-factor-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3" id="two-factor-title">
            {setup ? 'Set up two-factor sign-in' : 'Two-factor sign-in'}
          </Title>
          <Text c="dimmed" size="sm">
            {setup
              ? 'This panel asks members who manage staff for a code from an authenticator app at every sign-in.'
              : 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.'}
          </Text>
        </div>
        {failure && (
          <Alert color="red" title="Could not sign in" role="alert">
            {failure}
          </Alert>
        )}
        {setup && !enrolment && !failure && <Loader size="sm" aria-label="Preparing the key" />}
        {setup && enrolment && <EnrolmentInstructions enrolment={enrolment} />}
        <TextInput
          label={setup ? 'Code from the app' : 'Code'}
          autoComplete="one-time-code"
          inputMode={setup ? 'numeric' : 'text'}
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={codeError}
          maxLength={64}
        />
        <Button type="submit" loading={submitting} fullWidth disabled={setup && !enrolment}>
          {setup ? 'Turn on and sign in' : 'Verify'}
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          Back to sign in
        </Button>
      </Stack>
    </form>
  );
}
