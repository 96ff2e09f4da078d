import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '../../contract/session';
import { api } from '../api/client';
import { errorMessage } from '../api/errors';
import { confirm } from '../ui/confirm';
import { useSession } from './SessionContext';
import { describeDevice, SessionsTable } from './SessionsTable';

export const MY_SESSIONS_QUERY_KEY = ['session', 'sessions'] as const;

/**
 * The member's own sessions (one per sign-in: a browser, a device, the installed app), newest
 * use first, this device marked. Ending another session signs that device out at once; ending
 * this one is a logout. Staff with manageStaff end other members' sessions from the staff screen
 * (GET/DELETE /api/v1/admin/staff/:staffId/sessions).
 */
export function SessionsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { logout } = useSession();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: MY_SESSIONS_QUERY_KEY,
    queryFn: ({ signal }) => api('sessionsMine', { signal }),
    enabled: opened,
    staleTime: 0,
  });

  const end = async (session: StaffSession) => {
    const device = describeDevice(session.userAgent);
    const agreed = await confirm({
      title: session.current ? 'Sign out of this device?' : `End the session on ${device}?`,
      body: session.current ? 'You will be signed out here. Your other devices stay signed in.' : 'That device is signed out at once and must sign in again.',
      agree: session.current ? 'Sign out' : 'End session',
      disagree: 'Cancel',
      agreeColor: 'red',
      onAgree: async () => {
        if (session.current) return;
        await api('sessionsEndMine', { params: { sessionId: session.id } });
      },
    }).catch((error: unknown) => {
      notifications.show({ color: 'red', title: 'Ending the session failed', message: errorMessage(error) });
      return false;
    });
    if (!agreed) return;
    if (session.current) {
      onClose();
      await logout();
      return;
    }
    notifications.show({ color: 'green', title: 'Session ended', message: `${device} is signed out.` });
    await queryClient.invalidateQueries({ queryKey: MY_SESSIONS_QUERY_KEY });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Signed-in devices" size="xl" closeButtonProps={{ 'aria-label': 'Close signed-in devices' }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Each sign-in is a session of its own. End one you do not recognise; its device is signed out at once.
        </Text>
        <SessionsTable
          rows={sessions.data}
          loading={sessions.isPending && opened}
          error={sessions.isError ? sessions.error : null}
          onRetry={() => void sessions.refetch()}
          label="Your sessions"
          onEnd={(session) => void end(session)}
        />
      </Stack>
    </Modal>
  );
}
