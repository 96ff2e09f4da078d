import { Alert, Anchor, Button, Center, Paper, PasswordInput, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { ValidationError, errorMessage } from '../../api/errors';
import { DateTime } from '../../ui/DateTime';

/**
 * The page a one-time password link opens (public: the member has no password yet). It names the
 * member, takes the password twice, and then the link stops working; a used, replaced or expired
 * link says so.
 */
export function SetPasswordScreen({ token }: { token: string }) {
  const link = useQuery({
    queryKey: ['staff-password-link', token],
    queryFn: ({ signal }) => api('staffPasswordLinkShow', { params: { token }, signal }),
    retry: false,
  });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setMessage(null);
    try {
      await api('staffPasswordLinkUse', { params: { token }, body: { password, password_confirmation: confirmation } });
      setDone(true);
    } catch (error) {
      if (error instanceof ValidationError) setErrors(error.errors);
      setMessage(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w={420}>
        <Stack>
          <Title order={1} size="h3">
            Set your password
          </Title>
          {link.isPending ? (
            <Skeleton h={120} />
          ) : link.isError ? (
            <Alert color="red" role="alert">
              This link is not valid any more: it was used, replaced by a newer one, or has expired. Ask an administrator for a new link.
            </Alert>
          ) : done ? (
            <>
              <Alert color="teal" role="status">
                Your password is set.
              </Alert>
              <Anchor component={Link} to="/login">
                Sign in
              </Anchor>
            </>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack>
                <Text size="sm">
                  For {link.data.name} ({link.data.email}). The link works once, until <DateTime value={link.data.expiresAt} />.
                </Text>
                <PasswordInput
                  label="New password"
                  required
                  data-autofocus
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={errors.password?.[0]}
                />
                <PasswordInput
                  label="Repeat the password"
                  required
                  autoComplete="new-password"
                  value={confirmation}
                  onChange={(e) => setConfirmation(e.currentTarget.value)}
                  error={errors.password_confirmation?.[0]}
                />
                {message && Object.keys(errors).length === 0 && (
                  <Alert color="red" role="alert">
                    {message}
                  </Alert>
                )}
                <Button type="submit" loading={saving}>
                  Set password
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
