import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { HISTORY_PAGE_MAX, type HistoryEntry, type RecordHistory as RecordHistoryAnswer } from '../../contract/logs';
import { api } from '../api/client';
import { ApiError, errorMessage } from '../api/errors';
import { AppLink } from '../table/cells';
import { useListEngine } from '../list/engineContext';
import { DateTime } from '../ui/DateTime';
import { humanize } from '../ui/format';
import { ValuesDiff } from './ValuesDiff';

/**
 * A record's history on its screen: the change-log and audit entries of that record merged in one
 * timeline, newest first — who, when, what, and for audits the changed fields before and after.
 * One line mounts it on any record screen:
 *
 *   <RecordHistory type="order" id={order.id} />
 *
 * `type` is the record kind's audit type (the server's defineRecord `type`). The member sees the
 * audit entries with viewAudits and the change log with viewChangeLogs; with neither the panel is
 * not shown. It refreshes after any successful change made in this console (a mutation or a
 * record's detail reloading), so an edit on the screen appears in its history at once.
 */

const PAGE = 50;

export const recordHistoryKey = (type: string, id: number) => ['history', type, id] as const;

function describeInformation(information: unknown): string {
  if (information === null || information === undefined) return '';
  return typeof information === 'string' ? information : JSON.stringify(information);
}

function Entry({ entry }: { entry: HistoryEntry }) {
  const who = entry.user ? entry.user.name || entry.user.email : 'System';
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Badge size="sm" variant="light" color={entry.kind === 'audit' ? 'indigo' : 'teal'}>
          {entry.kind === 'audit' ? 'Audit' : 'Change log'}
        </Badge>
        <Text size="sm" fw={600}>
          {humanize(entry.kind === 'audit' ? entry.event : entry.actionType)}
        </Text>
        <Text size="xs" c="dimmed">
          by {who}
          {entry.kind === 'audit' && entry.ipAddress ? ` · ${entry.ipAddress}` : ''}
        </Text>
        <DateTime value={entry.createdAt} size="xs" />
      </Group>
      {entry.kind === 'change' ? (
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {describeInformation(entry.information)}
        </Text>
      ) : (
        <ValuesDiff oldValues={entry.oldValues} newValues={entry.newValues} label={`Changed fields, ${humanize(entry.event)}`} />
      )}
    </Stack>
  );
}

export function RecordHistory({ type, id, title = 'History' }: { type: string; id: number; title?: string }) {
  const { can } = useListEngine();
  const visible = can('viewAudits') || can('viewChangeLogs');
  const [limit, setLimit] = useState(PAGE);
  const headingId = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...recordHistoryKey(type, id), limit],
    queryFn: ({ signal }) => api('recordHistory', { params: { recordType: type, recordId: id }, query: { limit }, signal }),
    enabled: visible,
    placeholderData: keepPreviousData,
  });

  // Any change made here (a mutation, a record's detail reloading) may have written history.
  useEffect(() => {
    if (!visible) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: recordHistoryKey(type, id) });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') refresh();
    });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.query.queryKey[0] === 'detail') refresh();
    });
    return () => {
      stopMutations();
      stopQueries();
    };
  }, [queryClient, type, id, visible]);

  if (!visible) return null;
  // A 404 means no record and no history under this type and id: nothing to show, not a failure.
  const absent = query.error instanceof ApiError && query.error.status === 404;
  const data: RecordHistoryAnswer | undefined =
    query.data ?? (absent ? { type, id, items: [], hasMore: false, includes: { audits: can('viewAudits'), changeLogs: can('viewChangeLogs') } } : undefined);
  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Title order={3} size="h5" id={headingId}>
            {title}
          </Title>
          {query.isFetching && <Loader size="xs" aria-label="Loading the history" />}
        </Group>
        {/* The whole record's past, filtered, in the logs (shareable there). */}
        <Group gap="md">
          {can('viewAudits') && <AppLink to={`/audit-log?auditableType=${type}&auditableId=${id}`}>All in the audit log</AppLink>}
          {can('viewChangeLogs') && <AppLink to={`/change-logs?type=${type}&target=${id}`}>All in the change log</AppLink>}
        </Group>
      </Group>
      {query.isError && !data ? (
        <Alert color="red" title="The history could not be loaded">
          {errorMessage(query.error)}
        </Alert>
      ) : !data ? (
        <Loader size="sm" aria-label="Loading the history" />
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded yet
        </Text>
      ) : (
        <Stack gap="sm">
          {(!data.includes.audits || !data.includes.changeLogs) && (
            <Text size="xs" c="dimmed">
              {data.includes.audits
                ? 'Audit entries only: the change log needs its permission.'
                : 'Change-log entries only: the audit log needs its permission.'}
            </Text>
          )}
          <Timeline bulletSize={12} lineWidth={2}>
            {data.items.map((entry) => (
              <Timeline.Item key={`${entry.kind}-${entry.id}`} color={entry.kind === 'audit' ? 'indigo' : 'teal'}>
                <Entry entry={entry} />
              </Timeline.Item>
            ))}
          </Timeline>
          {data.hasMore && limit < HISTORY_PAGE_MAX && (
            <Group>
              <Button size="xs" variant="light" onClick={() => setLimit((l) => Math.min(l + PAGE, HISTORY_PAGE_MAX))} loading={query.isFetching}>
                Show older entries
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
