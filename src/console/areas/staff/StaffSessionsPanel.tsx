import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '../../../contract/session';
import { api } from '../../api/client';
import { ApiError, errorMessage } from '../../api/errors';
import { describeDevice, SessionsTable } from '../../session/SessionsTable';
import { confirm } from '../../ui/confirm';

/** The member's open sessions; anything that ends sessions (sign out everywhere, a new password) refreshes it. */
export const staffSessionsKey = (staffId: number) => ['detail', 'staff', staffId, 'sessions'] as const;

/**
 * A staff member's signed-in devices (GET /api/v1/admin/staff/:id/sessions, manageStaff): one row
 * per sign-in, each ended on its own after a confirmation. Also "Reset two-factor" for a member who
 * lost their phone: the staff detail does not say whether two-factor is on, so the button is always
 * offered and the server's answer says when there was nothing to reset.
 *
 * The administrator's own current session has no end button here: signing out is the account menu's.
 */
export function StaffSessionsPanel({ staffId, name }: { staffId: number; name: string }) {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: staffSessionsKey(staffId),
    queryFn: ({ signal }) => api('staffSessions', { params: { staffId }, signal }),
    staleTime: 0,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: staffSessionsKey(staffId) });

  const end = async (session: StaffSession) => {
    const device = describeDevice(session.userAgent);
    const agreed = await confirm({
      title: `End the session on ${device}?`,
      body: `${name} is signed out on ${device}${session.ipAddress ? ` (${session.ipAddress})` : ''} at once and must sign in again there. Their other devices stay signed in.`,
      agree: 'End session',
      disagree: 'Cancel',
      agreeColor: 'red',
      onAgree: async () => {
        await api('staffSessionsEnd', { params: { staffId, sessionId: session.id } });
      },
    }).catch((error: unknown) => {
      notifications.show({ color: 'red', title: 'Ending the session failed', message: errorMessage(error) });
      // A session that ended meanwhile is gone from the list too.
      void reload();
      return false;
    });
    if (!agreed) return;
    notifications.show({ color: 'teal', title: 'Session ended', message: `${name} is signed out on ${device}.` });
    await reload();
  };

  const resetTwoFactor = async () => {
    let answer: string | null = null;
    const agreed = await confirm({
      title: `Reset the two-factor sign-in of ${name}?`,
      body: `Their authenticator app and recovery codes stop working, and they are signed out everywhere. They sign in with the password and must set up two-factor sign-in again.`,
      agree: 'Reset two-factor',
      disagree: 'Cancel',
      agreeColor: 'red',
      undoable: false,
      onAgree: async () => {
        answer = (await api('staffTwoFactorReset', { params: { staffId } })).message;
      },
    }).catch((error: unknown) => {
      // 404: the member has no two-factor sign-in (never set up, or already reset).
      const off = error instanceof ApiError && error.status === 404;
      notifications.show({
        color: off ? 'gray' : 'red',
        title: off ? 'Nothing to reset' : 'Not done',
        message: off ? `${name} does not use two-factor sign-in: there is nothing to reset.` : errorMessage(error),
      });
      return false;
    });
    if (!agreed) return;
    notifications.show({ color: 'teal', message: answer ?? 'Two-factor sign-in was reset.' });
    await reload();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="staff-sessions-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id="staff-sessions-heading">
              Signed-in devices
            </Title>
            <Text size="sm" c="dimmed">
              Each sign-in is a session of its own. Ending one signs that device out at once.
            </Text>
          </Stack>
          <Button variant="default" onClick={() => void resetTwoFactor()}>
            Reset two-factor
          </Button>
        </Group>
        <SessionsTable
          rows={sessions.data}
          loading={sessions.isPending}
          error={sessions.isError ? sessions.error : null}
          onRetry={() => void sessions.refetch()}
          label={`Sessions of ${name}`}
          endable={(session) => !session.current}
          onEnd={(session) => void end(session)}
        />
      </Stack>
    </Paper>
  );
}
