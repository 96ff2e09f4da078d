import { Alert, Anchor, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import type { HomeAuditEntry, HomeChangeLogEntry } from '../../../contract/home';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { useCounters, type VisibleCounter } from '../../navigation/useCounters';
import { useNav } from '../../navigation/useRegisteredRoutes';
import { useSession } from '../../session/SessionContext';
import { formatCount, formatDateTime, formatMoney, formatNumber } from '../../ui/format';
import { SmallTable, type SmallTableColumn } from '../../ui/SmallTable';
import { changedFields, homeActivityQueryOptions, modelLabel, summarise } from './activity';

// The charts (and their chart library) load after the counters have painted.
const Dashboard = lazy(() => import('./Dashboard').then((m) => ({ default: m.Dashboard })));

/** Home: who is signed in, the live counters, the latest logged activity and the member's areas. */
export function HomeScreen() {
  const { profile, can } = useSession();
  const { counters, isLoading: countersLoading, isError: countersFailed } = useCounters();
  const sections = useNav();
  const seesChanges = can('viewChangeLogs');
  const seesAudits = can('viewAudits');
  const activity = useQuery({ ...homeActivityQueryOptions, enabled: seesChanges || seesAudits });

  if (!profile) return null;
  const nothingToShow = counters.length === 0 && !seesChanges && !seesAudits && sections.length === 0;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h3">
          Welcome, {profile.name}
        </Title>
        <Group gap="xs" mt={6}>
          <Text size="sm" c="dimmed">
            {profile.email}
          </Text>
          {profile.roles.length > 0 ? (
            profile.roles.map((role) => (
              <Badge key={role.id} variant="light">
                {role.name}
              </Badge>
            ))
          ) : (
            <Badge variant="outline" color="gray">
              No role
            </Badge>
          )}
        </Group>
      </Paper>

      {counters.length > 0 && (
        <section aria-labelledby="home-counters">
          <Title order={3} size="h5" id="home-counters" mb="xs">
            Live counters
          </Title>
          {countersFailed && (
            <Alert color="red" mb="xs">
              The counters could not be loaded.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {counters.map((counter) => (
              <CounterCard key={counter.key} counter={counter} loading={countersLoading} />
            ))}
          </SimpleGrid>
        </section>
      )}

      {can('viewFinances') && <LedgerLine />}

      <Suspense fallback={<Skeleton h={280} />}>
        <Dashboard />
      </Suspense>

      {(seesChanges || seesAudits) && (
        <SimpleGrid cols={{ base: 1, lg: seesChanges && seesAudits ? 2 : 1 }}>
          {seesChanges && (
            <ActivityCard title="Latest changes" id="home-changes" loading={activity.isPending} error={activity.error}>
              <ChangeLogTable entries={activity.data?.changeLogs ?? []} />
            </ActivityCard>
          )}
          {seesAudits && (
            <ActivityCard title="Latest audit entries" id="home-audits" loading={activity.isPending} error={activity.error}>
              <AuditTable entries={activity.data?.audits ?? []} />
            </ActivityCard>
          )}
        </SimpleGrid>
      )}

      {sections.length > 0 && (
        <section aria-labelledby="home-areas">
          <Title order={3} size="h5" id="home-areas" mb="xs">
            Your areas
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {sections.map((section) => (
              <Card key={section.id} withBorder padding="sm">
                <Text fw={600} size="sm" mb={4}>
                  {section.label}
                </Text>
                <Group gap="xs">
                  {section.items.map((item) => (
                    <Anchor key={item.path} component={Link} to={item.path} size="sm">
                      {item.label}
                    </Anchor>
                  ))}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      )}

      {nothingToShow && (
        <Alert color="gray" title="Nothing assigned yet">
          Your account has no lists or logs to open. Ask an administrator to grant the permissions your work needs.
        </Alert>
      )}
    </Stack>
  );
}

/** The ledger check of the whole panel: users whose balance differs from their transactions (zero, always) and what withdrawals hold. */
function LedgerLine() {
  const check = useQuery({ queryKey: ['finance', 'ledger-check'], queryFn: ({ signal }) => api('paymentsLedgerCheck', { signal }), staleTime: 60_000 });
  if (check.isPending) return <Skeleton h={42} />;
  if (check.isError) return <Alert color="red">The ledger check could not be loaded: {errorMessage(check.error)}</Alert>;
  const c = check.data;
  const sound = c.mismatchedUsersCount === 0 && c.holdMismatches === 0;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Ledger check">
      <Group gap="sm" wrap="wrap">
        {/* Filled: white on the dark shade reads at 4.5:1 or better in both themes (light green on green did not). */}
        <Badge color={sound ? 'teal.9' : 'red'} variant="filled">
          {sound ? 'Ledger balanced' : 'Ledger mismatch'}
        </Badge>
        <Text size="sm">
          {formatNumber(c.mismatchedUsersCount)} of {formatNumber(c.usersChecked)} users with a balance different from their transactions
          {c.holdMismatches > 0 ? `; ${c.holdMismatches} withdrawals with a wrong hold` : ''}.
        </Text>
        <Text size="sm">
          Held in {c.pendingWithdrawalsCount} pending withdrawals: <b>{formatMoney(c.heldInPendingWithdrawals)}</b>
        </Text>
        {c.mismatchedUsers.slice(0, 5).map((u) => (
          <Anchor key={u.id} component={Link} to={`/users/${u.id}`} size="sm">
            {u.email}
          </Anchor>
        ))}
      </Group>
    </Paper>
  );
}

function CounterCard({ counter, loading }: { counter: VisibleCounter; loading: boolean }) {
  const body = (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {counter.label}
      </Text>
      {loading ? (
        <Skeleton h={32} w={60} />
      ) : (
        <Text fz={28} fw={700} lh={1.1}>
          {formatCount(counter.value)}
          <VisuallyHidden> {counter.noun}</VisuallyHidden>
        </Text>
      )}
    </Stack>
  );
  // Named by what it shows ("In moderation 12 orders"), so speech input can say what is seen.
  return counter.linkable ? (
    <Card withBorder padding="md" component={Link} to={counter.to} search={counter.search as never /* the target list's search schema lives in its area */}>
      {body}
    </Card>
  ) : (
    <Card withBorder padding="md">
      {body}
    </Card>
  );
}

function ActivityCard(props: { title: string; id: string; loading: boolean; error: unknown; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={props.id}>
      <Title order={3} size="h5" id={props.id} mb="sm">
        {props.title}
      </Title>
      {props.error ? (
        <Alert color="red">{errorMessage(props.error)}</Alert>
      ) : props.loading ? (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={18} />
          ))}
        </Stack>
      ) : (
        props.children
      )}
    </Card>
  );
}

function EmptyActivity({ text }: { text: string }) {
  return (
    <Group gap="sm" py="md" justify="center">
      <ThemeIcon variant="light" color="gray" radius="xl" aria-hidden>
        ✓
      </ThemeIcon>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

function ChangeLogTable({ entries }: { entries: HomeChangeLogEntry[] }) {
  return (
    <ActivityTable
      entries={entries}
      emptyText="No changes recorded yet."
      columns={[
        WHEN_COLUMN,
        { header: 'Who', render: (entry) => entry.staffName ?? 'System' },
        {
          header: 'What',
          render: (entry) => (
            <>
              <Text size="sm">
                {entry.actionType} · {modelLabel(entry.modelType)}
                {entry.modelId !== null ? ` #${entry.modelId}` : ''}
              </Text>
              {summarise(entry.information) && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {summarise(entry.information)}
                </Text>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

/** The time column both activity tables start with; kept on one line. */
const WHEN_COLUMN: SmallTableColumn<{ createdAt: string }> = {
  header: 'When',
  render: (entry) => formatDateTime(entry.createdAt),
  cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
};

/** The home screen's recent-activity tables (changes, audit): compact, striped, a word when there is nothing yet. */
function ActivityTable<Entry extends { id: number | string }>({
  entries,
  emptyText,
  columns,
}: {
  entries: Entry[];
  emptyText: string;
  columns: SmallTableColumn<Entry>[];
}) {
  return (
    <SmallTable
      minWidth={420}
      striped
      verticalSpacing={6}
      fz="sm"
      rows={entries}
      rowKey={(entry) => entry.id}
      empty={<EmptyActivity text={emptyText} />}
      columns={columns}
    />
  );
}

function AuditTable({ entries }: { entries: HomeAuditEntry[] }) {
  return (
    <ActivityTable
      entries={entries}
      emptyText="No audit entries yet."
      columns={[
        WHEN_COLUMN,
        {
          header: 'Who',
          render: (entry) => (
            <>
              <Text size="sm">{entry.staffName ?? 'System'}</Text>
              {entry.ipAddress && (
                <Text size="xs" c="dimmed">
                  {entry.ipAddress}
                </Text>
              )}
            </>
          ),
        },
        {
          header: 'Event',
          render: (entry) => (
            <>
              <Text size="sm">
                {entry.event} · {modelLabel(entry.auditableType)}
                {entry.auditableId !== null ? ` #${entry.auditableId}` : ''}
              </Text>
              {changedFields(entry.oldValues, entry.newValues) && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {changedFields(entry.oldValues, entry.newValues)}
                </Text>
              )}
            </>
          ),
        },
      ]}
    />
  );
}
