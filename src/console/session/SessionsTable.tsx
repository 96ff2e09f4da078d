import { Alert, Badge, Button, Group, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import type { StaffSession } from '../../contract/session';
import { errorMessage } from '../api/errors';
import { DateTime } from '../ui/DateTime';

/** "Chrome on Windows" from a user agent; the whole string stays in the row's title. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /HeadlessChrome\//.test(userAgent)
          ? 'Headless Chrome'
          : /Chrome\//.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Android/.test(userAgent)
          ? 'Android'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** How a row's end button reads to a screen reader: the device and address say which one it ends. */
export const endSessionLabel = (session: StaffSession): string =>
  session.current ? 'Sign out of this device' : `End the session on ${describeDevice(session.userAgent)} from ${session.ipAddress ?? 'an unknown address'}`;

export interface SessionsTableProps {
  /** The sessions once loaded (undefined while loading or after an error). */
  rows: StaffSession[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The table's accessible name ("Your sessions", "Sessions of Dana"). */
  label: string;
  onEnd: (session: StaffSession) => void;
  /** Text of a row's end button; the current session's reads "Sign out". */
  endText?: string;
  /** Rows without an end button (another screen offers their way out). */
  endable?: (session: StaffSession) => boolean;
}

/**
 * Open sessions (one per sign-in: a browser, a device, the installed app) as a table — device,
 * address, signed in, last active, this device marked — with its loading, error and empty states.
 * Shared by the member's own "Signed-in devices" dialog and a staff member's screen.
 */
export function SessionsTable({ rows, loading, error, onRetry, label, onEnd, endText = 'End', endable = () => true }: SessionsTableProps) {
  if (loading) {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label="Loading sessions" />
      </Group>
    );
  }
  if (error) {
    return (
      <Alert color="red" title="The sessions could not be loaded">
        <Group justify="space-between">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!rows || rows.length === 0) return <Text size="sm">No open sessions.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={label}>
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
                {endable(session) && (
                  <Button size="xs" variant="light" color="red" onClick={() => onEnd(session)} aria-label={endSessionLabel(session)}>
                    {session.current ? 'Sign out' : endText}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
