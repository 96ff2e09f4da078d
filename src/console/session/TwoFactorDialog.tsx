import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorEnrolment } from '../../contract/session';
import { api } from '../api/client';
import { errorMessage, ValidationError } from '../api/errors';
import { EnrolmentInstructions, RecoveryCodes } from './TwoFactorPieces';

export const TWO_FACTOR_QUERY_KEY = ['session', 'two-factor'] as const;

type Step =
  | { kind: 'overview' }
  /** The password before a change: what it is for. */
  | { kind: 'password'; purpose: 'setup' | 'codes' | 'disable' }
  | { kind: 'enrol'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[]; title: string };

/**
 * The member's two-factor sign-in, from the account menu: set up an authenticator app (password,
 * the QR code or key, the first code, then the recovery codes once), replace the recovery codes,
 * or turn it off (not while the panel requires it of the member).
 */
export function TwoFactorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: ({ signal }) => api('twoFactorStatus', { signal }), enabled: opened, staleTime: 0 });
  const [step, setStep] = useState<Step>({ kind: 'overview' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = (next: Step = { kind: 'overview' }) => {
    setStep(next);
    setPassword('');
    setCode('');
    setFieldError(undefined);
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });

  const run = async (work: () => Promise<void>, field: 'password' | 'code') => {
    setBusy(true);
    setFieldError(undefined);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      if (error instanceof ValidationError) setFieldError(error.field(field) ?? error.message);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'password') return;
    if (!password) {
      setFieldError('The password field is required.');
      return;
    }
    const purpose = step.purpose;
    void run(async () => {
      if (purpose === 'setup') {
        const enrolment = await api('twoFactorSetup', { body: { password } });
        reset({ kind: 'enrol', enrolment });
      } else if (purpose === 'codes') {
        const answer = await api('twoFactorRecoveryCodes', { body: { password } });
        reset({ kind: 'codes', codes: answer.recoveryCodes, title: 'New recovery codes' });
        await refresh();
      } else {
        await api('twoFactorDisable', { body: { password } });
        reset();
        await refresh();
      }
    }, 'password');
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setFieldError('The code field is required.');
      return;
    }
    void run(async () => {
      const answer = await api('twoFactorConfirm', { body: { code: code.trim() } });
      reset({ kind: 'codes', codes: answer.recoveryCodes, title: 'Two-factor sign-in is on' });
      await refresh();
    }, 'code');
  };

  const state = status.data;
  return (
    <Modal opened={opened} onClose={close} title="Two-factor sign-in" size="lg" closeButtonProps={{ 'aria-label': 'Close two-factor sign-in' }}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" title="That did not work" role="alert">
            {failure}
          </Alert>
        )}

        {step.kind === 'overview' &&
          (status.isPending ? (
            <Loader size="sm" aria-label="Loading two-factor sign-in" />
          ) : status.isError ? (
            <Alert color="red" title="Two-factor sign-in could not be loaded">
              {errorMessage(status.error)}
            </Alert>
          ) : state ? (
            <>
              <Group gap="xs">
                <Text size="sm">Status:</Text>
                <Badge color={state.enabled ? 'green' : 'gray'} variant="light">
                  {state.enabled ? 'On' : 'Off'}
                </Badge>
                {state.required && (
                  <Badge color="orange" variant="light">
                    Required by the panel
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {state.enabled
                  ? `Every sign-in asks for a code from your authenticator app. ${state.recoveryCodesLeft} recovery code${state.recoveryCodesLeft === 1 ? '' : 's'} left.`
                  : 'A code from an authenticator app on your phone, asked for at every sign-in, keeps your account safe even if your password leaks.'}
              </Text>
              <Group gap="sm">
                {!state.enabled && <Button onClick={() => reset({ kind: 'password', purpose: 'setup' })}>Set up</Button>}
                {state.enabled && (
                  <Button variant="light" onClick={() => reset({ kind: 'password', purpose: 'codes' })}>
                    New recovery codes
                  </Button>
                )}
                {state.enabled && !state.required && (
                  <Button variant="light" color="red" onClick={() => reset({ kind: 'password', purpose: 'disable' })}>
                    Turn off
                  </Button>
                )}
              </Group>
            </>
          ) : null)}

        {step.kind === 'password' && (
          <form onSubmit={submitPassword} noValidate>
            <Stack gap="sm">
              <Text size="sm">
                {step.purpose === 'setup'
                  ? 'Confirm your password to set up an authenticator app.'
                  : step.purpose === 'codes'
                    ? 'Confirm your password to get new recovery codes. The old ones stop working.'
                    : 'Confirm your password to turn two-factor sign-in off.'}
              </Text>
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={fieldError}
                aria-invalid={!!fieldError}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => reset()}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy} color={step.purpose === 'disable' ? 'red' : undefined}>
                  {step.purpose === 'disable' ? 'Turn off' : 'Continue'}
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {step.kind === 'enrol' && (
          <form onSubmit={submitCode} noValidate>
            <Stack gap="sm">
              <EnrolmentInstructions enrolment={step.enrolment} />
              <TextInput
                label="Code from the app"
                autoComplete="one-time-code"
                inputMode="numeric"
                autoFocus
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={fieldError}
                maxLength={64}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => reset()}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Turn on
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {step.kind === 'codes' && (
          <Stack gap="sm">
            <Text fw={600}>{step.title}</Text>
            <RecoveryCodes codes={step.codes} />
            <Group justify="flex-end">
              <Button onClick={() => reset()}>Done</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
