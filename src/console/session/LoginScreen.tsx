import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useInstanceSettings } from './instanceSettings';
import { ApiError, errorMessage, ValidationError } from '../api/errors';
import { RecaptchaField } from './RecaptchaField';
import { useSession } from './SessionContext';
import type { TwoFactorChallenge } from './session';
import { TwoFactorStep } from './TwoFactorStep';

/** The login form's fields, keyed as the API names them (so a 422's errors map lands on them). */
type FieldName = 'email' | 'password' | 'g-recaptcha-response';
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELDS: readonly FieldName[] = ['email', 'password', 'g-recaptcha-response'];

function fieldErrorsOf(error: ValidationError): FieldErrors {
  const result: FieldErrors = {};
  for (const field of FIELDS) {
    const message = error.field(field);
    if (message) result[field] = message;
  }
  return result;
}

/** Messages a member can act on; 429 carries the wait time from the server. */
function generalMessage(error: unknown): { title: string; text: string } {
  if (error instanceof ApiError && error.status === 429) return { title: 'Too many attempts', text: error.message };
  if (error instanceof ValidationError) return { title: 'Could not sign in', text: error.message };
  if (error instanceof TypeError) return { title: 'No connection', text: 'The server could not be reached. Check the connection and try again.' };
  return { title: 'Could not sign in', text: errorMessage(error) };
}

/**
 * /login: e-mail, password and, when the instance enables it, a captcha; then, for a member with
 * two-factor sign-in, the code (./TwoFactorStep.tsx).
 */
export function LoginScreen() {
  const settings = useInstanceSettings();
  const { login } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const captchaOn = settings.captchaIsEnabled;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const local: FieldErrors = {};
    if (!email.trim()) local.email = 'The email field is required.';
    if (!password) local.password = 'The password field is required.';
    if (captchaOn && !captcha) local['g-recaptcha-response'] = 'Please confirm you are not a robot.';
    setFieldErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) return;

    setSubmitting(true);
    try {
      const second = await login({ email: email.trim(), password, captcha: captchaOn ? captcha : '' });
      if (second) {
        setChallenge(second);
        setSubmitting(false);
      }
    } catch (error) {
      setFieldErrors(error instanceof ValidationError ? fieldErrorsOf(error) : {});
      setFailure(generalMessage(error));
      if (captchaOn) setCaptchaReset((n) => n + 1);
      setSubmitting(false);
    }
  };

  if (!settings.isLoaded) {
    return (
      <Center mih="100vh" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={challenge ? 480 : 420}>
        {challenge ? (
          <TwoFactorStep
            challenge={challenge}
            onCancel={() => {
              setChallenge(null);
              setPassword('');
              if (captchaOn) setCaptchaReset((n) => n + 1);
            }}
          />
        ) : (
          <form onSubmit={submit} noValidate aria-labelledby="login-title">
            <Stack gap="md">
              <div>
                <Title order={1} size="h3" id="login-title">
                  {settings.panelName}
                </Title>
                <Text c="dimmed" size="sm">
                  Sign in to the console
                </Text>
              </div>

              {failure && (
                <Alert color={failure.title === 'Too many attempts' ? 'orange' : 'red'} title={failure.title} role="alert">
                  {failure.text}
                </Alert>
              )}

              <TextInput
                label="Email"
                type="email"
                autoComplete="username"
                autoFocus
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={fieldErrors.email}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={fieldErrors.password}
                // Mantine's PasswordInput marks only its wrapper; screen readers need the input marked.
                aria-invalid={!!fieldErrors.password}
              />
              {captchaOn &&
                (settings.captchaSiteKey ? (
                  <RecaptchaField siteKey={settings.captchaSiteKey} onChange={setCaptcha} error={fieldErrors['g-recaptcha-response']} resetKey={captchaReset} />
                ) : (
                  <Alert color="red" title="Captcha is not configured">
                    Captcha is enabled for this panel but has no site key. Ask an administrator to check the panel settings.
                  </Alert>
                ))}
              {!captchaOn && fieldErrors['g-recaptcha-response'] && (
                <Text c="red" size="sm" role="alert">
                  {fieldErrors['g-recaptcha-response']}
                </Text>
              )}

              <Button type="submit" loading={submitting} fullWidth>
                Sign in
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
