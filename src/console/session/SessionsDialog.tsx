import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffSession } from '../../contract/session';
import { api } from '../api/client';
import { errorMessage } from '../api/errors';
import { confirm } from '../ui/confirm';
import { DateTime } from '../ui/DateTime';
import { useSession } from './SessionContext';

export const MY_SESSIONS_QUERY_KEY = ['session', 'sessions'] as const;

/** "Chrome on Windows" from a user agent; the whole string stays in the row's title. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    /Edg\//.test(userAgent) ? 'Edge'
    : /OPR\//.test(userAgent) ? 'Opera'
    : /Firefox\//.test(userAgent) ? 'Firefox'
    : /HeadlessChrome\//.test(userAgent) ? 'Headless Chrome'
    : /Chrome\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari'
    : null;
  const system =
    /Windows/.test(userAgent) ? 'Windows'
    : /iPhone|iPad/.test(userAgent) ? 'iOS'
    : /Mac OS X/.test(userAgent) ? 'macOS'
    : /Android/.test(userAgent) ? 'Android'
    : /CrOS/.test(userAgent) ? 'ChromeOS'
    : /Linux/.test(userAgent) ? 'Linux'
    : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

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
      body: session.current
        ? 'You will be signed out here. Your other devices stay signed in.'
        : 'That device is signed out at once and must sign in again.',
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

  const rows = sessions.data ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title="Signed-in devices" size="xl" closeButtonProps={{ 'aria-label': 'Close signed-in devices' }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Each sign-in is a session of its own. End one you do not recognise; its device is signed out at once.
        </Text>
        {sessions.isPending && opened ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading sessions" />
          </Group>
        ) : sessions.isError ? (
          <Alert color="red" title="The sessions could not be loaded">
            <Group justify="space-between">
              <Text size="sm">{errorMessage(sessions.error)}</Text>
              <Button size="xs" variant="light" onClick={() => void sessions.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm">No open sessions.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label="Your sessions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Device</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Signed in</Table.Th>
                  <Table.Th>Last active</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((session) => (
                  <Table.Tr key={session.id} data-session-id={session.id}>
                    <Table.Td title={session.userAgent ?? undefined}>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">{describeDevice(session.userAgent)}</Text>
                        {session.current && (
                          <Badge size="sm" variant="light" color="green">
                            This device
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{session.ipAddress ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <DateTime value={session.createdAt} />
                    </Table.Td>
                    <Table.Td>
                      <DateTime value={session.lastUsedAt} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => void end(session)}
                        aria-label={session.current ? 'Sign out of this device' : `End the session on ${describeDevice(session.userAgent)} from ${session.ipAddress ?? 'an unknown address'}`}
                      >
                        {session.current ? 'Sign out' : 'End'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}
