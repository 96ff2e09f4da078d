import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Kbd,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  SYNC_CHANGE_KIND_LABELS,
  SYNC_CHANGE_KINDS,
  SYNC_CHANGE_STATE_LABELS,
  type SyncChange,
  type SyncChangeKind,
  type SyncRunDetail,
} from '../../../contract/provider-sync';
import type { RecordScreenProps } from '../../resource/area';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { confirm } from '../../ui/confirm';
import { detailFallback } from '../../ui/DetailFallback';
import { DateTime } from '../../ui/DateTime';
import { Dash } from '../../ui/InlineText';
import { formatNumber, percentText } from '../../ui/format';
import { StatusLabel } from '../../ui/StatusLabel';
import { download, duration, priceIn, readable, RunStatus, SYNC_KEY } from './common';
import { RecordHeader } from '../../ui/RecordHeader';
import { Field } from '../../ui/Field';
import classes from './tables.module.css';

/**
 * One sync run's change set (/provider-sync-runs/:id): filter by kind, pick changes (all, some,
 * none; keyboard: ↑/↓ or j/k move, Space or x toggles, Enter shows the row's services, a selects
 * the page, Escape clears) and accept or dismiss them. "Select all N" picks every pending change of
 * the filter, not just the page. A change is one line: the services of ours it touches are folded
 * behind their count.
 */

const PER_PAGE = 100;
type KindFilter = SyncChangeKind | 'all';

export function SyncRunScreen({ id: runId }: RecordScreenProps) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<KindFilter>('all');
  const [pendingOnly, setPendingOnly] = useState(true);
  const [affectedOnly, setAffectedOnly] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  /** Changes whose services are shown under their row. */
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);

  const runQuery = useQuery({
    queryKey: [...SYNC_KEY, 'run', runId],
    queryFn: ({ signal }) => api('providerSyncRunShow', { params: { runId }, signal }),
    refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'running' ? 1500 : false),
  });
  const filter = {
    kind: kind === 'all' ? undefined : kind,
    state: pendingOnly ? ('pending' as const) : undefined,
    affected: affectedOnly ? ('1' as const) : undefined,
    search: search.trim() || undefined,
  };
  const changesQuery = useQuery({
    queryKey: [...SYNC_KEY, 'run', runId, 'changes', filter, page],
    queryFn: ({ signal }) => api('providerSyncRunChanges', { params: { runId }, query: { ...filter, page, perPage: PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
    enabled: !!runQuery.data && runQuery.data.status !== 'queued' && runQuery.data.status !== 'running',
  });

  // A new filter starts from the first page with nothing picked.
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger: a new filter resets the page and the selection
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
    setAllMatching(false);
  }, [filterKey]);

  const decide = useMutation({
    mutationFn: async (action: 'apply' | 'dismiss') => {
      const body = allMatching ? { all: true, kinds: kind === 'all' ? undefined : [kind] } : { changeIds: [...selected] };
      return action === 'apply' ? api('providerSyncRunApply', { params: { runId }, body }) : api('providerSyncRunDismiss', { params: { runId }, body });
    },
    onSuccess: (r) => {
      notifications.show({ color: r.decided ? 'green' : 'yellow', message: r.message });
      setSelected(new Set());
      setAllMatching(false);
      void queryClient.invalidateQueries({ queryKey: SYNC_KEY });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not decided', message: errorMessage(e) }),
  });

  const data = changesQuery.data;
  const pageRows = useMemo(() => data?.data ?? [], [data]);
  const pendingOnPage = pageRows.filter((c) => c.state === 'pending');
  const fallback = detailFallback(runQuery, { loading: 'Loading sync run', title: `Sync run ${runId}` });
  if (fallback || !runQuery.data) return fallback;
  const run = runQuery.data;
  const decidable = run.status === 'review';
  // "All matching" is offered with the pending filter on, where every row it counts can be decided.
  const selectedCount = allMatching ? (data?.total ?? 0) : selected.size;

  const toggle = (change: SyncChange) => {
    if (change.state !== 'pending' || !decidable) return;
    setAllMatching(false);
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(change.id)) next.delete(change.id);
      else next.add(change.id);
      return next;
    });
  };
  const selectPage = () => {
    setAllMatching(false);
    setSelected(new Set(pendingOnPage.map((c) => c.id)));
  };
  const selectNone = () => {
    setAllMatching(false);
    setSelected(new Set());
  };
  const pageAllSelected = pendingOnPage.length > 0 && pendingOnPage.every((c) => allMatching || selected.has(c.id));

  const toggleServices = (changeId: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(changeId)) next.delete(changeId);
      else next.add(changeId);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const index = rowRefs.current.indexOf(event.target as HTMLTableRowElement);
    // A button or link inside a row keeps its own keys (Space and Enter press it).
    if (index < 0) return;
    const focus = (i: number) => rowRefs.current[Math.max(0, Math.min(pageRows.length - 1, i))]?.focus();
    if (event.key === 'ArrowDown' || event.key === 'j') focus(index + 1);
    else if (event.key === 'ArrowUp' || event.key === 'k') focus(index - 1);
    else if (event.key === ' ' || event.key === 'x') toggle(pageRows[index]);
    else if (event.key === 'Enter' && pageRows[index].services.length > 0) toggleServices(pageRows[index].id);
    else if (event.key === 'a') selectPage();
    else if (event.key === 'Escape') selectNone();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const accept = async () => {
    const ok = await confirm({
      title: 'Accept changes',
      body: `Apply ${formatNumber(selectedCount)} change${selectedCount === 1 ? '' : 's'}? Our provider services with these ids take the new values the provider’s sync settings allow (${
        [run.provider.syncPrices && 'prices', run.provider.syncName && 'names', run.provider.syncServices && 'availability'].filter(Boolean).join(', ') ||
        'none'
      }).`,
      agree: 'Accept',
      disagree: 'Cancel',
    });
    if (ok) decide.mutate('apply');
  };

  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: `/external-panels/${run.provider.id}/sync`, label: `${run.provider.name} · Sync` }}
        title={`Sync run ${run.id}`}
        status={<RunStatus status={run.status} />}
        actions={
          run.hasRawAnswer && (
            <Button
              variant="subtle"
              onClick={() =>
                void api('providerSyncRunRaw', { params: { runId } }).then(
                  (r) => download(r.fileName, r.contentType, r.text),
                  (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
                )
              }
            >
              Download raw answer
            </Button>
          )
        }
      />
      <RunSummary run={run} />
      {run.status === 'superseded' && (
        <Alert color="gray" title="Superseded">
          A newer sync of this provider replaced this run; its open changes can no longer be decided here.
        </Alert>
      )}
      {run.status === 'failed' && (
        <Alert color="red" title="This sync failed">
          {run.error}
        </Alert>
      )}
      {(run.status === 'queued' || run.status === 'running') && (
        <Alert color="blue" title="Sync in progress">
          The provider’s services are being fetched and compared{run.error ? ` (retrying after: ${run.error})` : ''}.
        </Alert>
      )}
      <Card withBorder p={0} component="section" aria-label="Changes">
        <Stack gap="sm" p="md">
          <SegmentedControl
            aria-label="Kind of change"
            value={kind}
            onChange={(v) => setKind(v as KindFilter)}
            data={[
              { value: 'all', label: `All (${formatNumber(pendingOnly ? sum(run.pendingCounts) : sum(run.counts))})` },
              ...SYNC_CHANGE_KINDS.map((k) => ({
                value: k,
                label: `${SYNC_CHANGE_KIND_LABELS[k]} (${formatNumber(pendingOnly ? run.pendingCounts[k] : run.counts[k])})`,
              })),
            ]}
            style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
          />
          <Group gap="md" wrap="wrap">
            <TextInput aria-label="Search changes" placeholder="Service id or name" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={260} />
            <Switch label="Only changes to decide" checked={pendingOnly} onChange={(e) => setPendingOnly(e.currentTarget.checked)} />
            <Switch label="Only our provider services" checked={affectedOnly} onChange={(e) => setAffectedOnly(e.currentTarget.checked)} />
          </Group>
          {decidable && (
            <Group justify="space-between" wrap="wrap" aria-live="polite">
              <Group gap="xs">
                <Text size="sm">{selectedCount ? `${formatNumber(selectedCount)} selected` : 'Nothing selected'}</Text>
                {/* "All" is decided on the server by kind: offered when no other filter narrows the rows. */}
                {pendingOnly && !affectedOnly && !search.trim() && data && data.total > pendingOnPage.length && pageAllSelected && !allMatching && (
                  <Button size="compact-sm" variant="subtle" onClick={() => setAllMatching(true)}>
                    Select all {formatNumber(data.total)}
                  </Button>
                )}
                {selectedCount > 0 && (
                  <Button size="compact-sm" variant="subtle" onClick={selectNone}>
                    Select none
                  </Button>
                )}
              </Group>
              <Group gap="xs">
                <Button
                  variant="default"
                  disabled={!selectedCount}
                  loading={decide.isPending && decide.variables === 'dismiss'}
                  onClick={() => decide.mutate('dismiss')}
                >
                  Dismiss
                </Button>
                <Button disabled={!selectedCount} loading={decide.isPending && decide.variables === 'apply'} onClick={() => void accept()}>
                  Accept {selectedCount ? formatNumber(selectedCount) : ''}
                </Button>
              </Group>
            </Group>
          )}
          <Text size="xs" c="dimmed">
            Keyboard: <Kbd>↑</Kbd> <Kbd>↓</Kbd> move, <Kbd>Space</Kbd> picks, <Kbd>Enter</Kbd> shows or hides our services of the row, <Kbd>a</Kbd> picks the
            page, <Kbd>Esc</Kbd> clears.
          </Text>
        </Stack>
        {/* A focusable scroll region: keyboard users can scroll it sideways even when it holds no row. */}
        <Box tabIndex={0} role="region" aria-label="Changes table" className={classes.scroll}>
          <Table
            miw={1000}
            layout="fixed"
            highlightOnHover
            verticalSpacing="xs"
            aria-label="Changes of this run"
            aria-busy={changesQuery.isFetching}
            className={classes.wrapHeaders}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={44}>
                  <Checkbox
                    aria-label="Select the changes on this page"
                    checked={pageAllSelected}
                    indeterminate={!pageAllSelected && pendingOnPage.some((c) => selected.has(c.id))}
                    disabled={!decidable || pendingOnPage.length === 0}
                    onChange={() => (pageAllSelected ? selectNone() : selectPage())}
                  />
                </Table.Th>
                <Table.Th w={140}>Change</Table.Th>
                <Table.Th w={80}>Id</Table.Th>
                <Table.Th>Service at the provider</Table.Th>
                <Table.Th w={190}>Price per 1000</Table.Th>
                <Table.Th w={170}>Min / max</Table.Th>
                <Table.Th w={130}>Ours</Table.Th>
                <Table.Th w={110}>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody onKeyDown={onKeyDown}>
              {pageRows.map((c, i) => {
                const picked = (allMatching && c.state === 'pending') || selected.has(c.id);
                const opened = expanded.has(c.id) && c.services.length > 0;
                return (
                  <Fragment key={c.id}>
                    <Table.Tr
                      ref={(el) => void (rowRefs.current[i] = el)}
                      tabIndex={0}
                      aria-selected={picked}
                      data-kind={c.kind}
                      data-change-id={c.id}
                      bg={picked ? 'var(--mantine-primary-color-light)' : undefined}
                    >
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${SYNC_CHANGE_KIND_LABELS[c.kind].toLowerCase()} of ${c.name}`}
                          checked={picked}
                          disabled={!decidable || c.state !== 'pending'}
                          onChange={() => toggle(c)}
                          tabIndex={-1}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={c.kind === 'removed' || c.kind === 'price_up' ? 'orange' : c.kind === 'new' ? 'blue' : 'gray'}>
                          {SYNC_CHANGE_KIND_LABELS[c.kind]}
                        </Badge>
                      </Table.Td>
                      <Table.Td className={classes.line} title={c.externalId}>
                        {c.externalId}
                      </Table.Td>
                      <ServiceCell change={c} />
                      <Table.Td className={classes.line}>
                        <PriceCell change={c} currency={run.currency} />
                      </Table.Td>
                      <Table.Td
                        className={classes.line}
                        title={
                          c.kind === 'limits' && c.old && c.new
                            ? `${formatNumber(c.old.min)}–${formatNumber(c.old.max)} → ${formatNumber(c.new.min)}–${formatNumber(c.new.max)}`
                            : undefined
                        }
                      >
                        <LimitsCell change={c} />
                      </Table.Td>
                      <Table.Td
                        className={classes.line}
                        title={c.providerService ? `Provider service ${c.providerService.id}: ${c.providerService.name}` : undefined}
                      >
                        <OursCell change={c} opened={opened} onToggle={() => toggleServices(c.id)} />
                      </Table.Td>
                      <Table.Td className={classes.line}>
                        <StatusLabel
                          value={c.state}
                          text={SYNC_CHANGE_STATE_LABELS[c.state]}
                          size="sm"
                          color={c.state === 'applied' ? 'green' : c.state === 'pending' ? 'orange' : 'gray'}
                        />
                      </Table.Td>
                    </Table.Tr>
                    {opened && (
                      <Table.Tr id={servicesId(c.id)} data-services-of={c.id}>
                        <Table.Td colSpan={8}>
                          <OurServices change={c} />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
              {data && pageRows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text c="dimmed" ta="center" py="md">
                      {run.status === 'no_changes' ? 'The provider’s catalogue matches the accepted one.' : 'No changes match these filters.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Box>
        {data && data.total > PER_PAGE && (
          <Group justify="center" p="md">
            <Pagination total={Math.ceil(data.total / PER_PAGE)} value={page} onChange={setPage} aria-label="Pages of changes" />
          </Group>
        )}
      </Card>
    </Stack>
  );
}

const sum = (counts: Record<SyncChangeKind, number>) => SYNC_CHANGE_KINDS.reduce((n, k) => n + counts[k], 0);

/** The id of the row that lists a change's services (the count button controls it). */
const servicesId = (changeId: number) => `sync-change-${changeId}-services`;

/** The provider's name of the service on one line ('old → new' for a rename), its category after it, dimmed; whole in the title. */
function ServiceCell({ change: c }: { change: SyncChange }) {
  const category = (c.new ?? c.old)?.category;
  const renamed = c.kind === 'renamed' && c.old;
  const whole = `${renamed ? `${c.old!.name} → ${c.new?.name ?? c.name}` : c.name}${category ? ` · ${category}` : ''}`;
  return (
    <Table.Td className={classes.line} title={whole}>
      {renamed ? (
        <>
          <Text span size="sm" td="line-through" c="dimmed">
            {c.old!.name}
          </Text>{' '}
          → {c.new?.name ?? c.name}
        </>
      ) : (
        c.name
      )}
      {category && (
        <Text span size="xs" c="dimmed">
          {' '}
          · {category}
        </Text>
      )}
    </Table.Td>
  );
}

function PriceCell({ change: c, currency }: { change: SyncChange; currency: string | null }) {
  if ((c.kind === 'price_up' || c.kind === 'price_down') && c.old && c.new) {
    return (
      <Text span size="sm">
        {priceIn(c.old.rate, null)} → <b>{priceIn(c.new.rate, currency)}</b>{' '}
        <Text span size="xs" c={readable(c.kind === 'price_up' ? 'red' : 'teal')}>
          ({Number(c.priceChange) > 0 ? '+' : ''}
          {percentText(c.priceChange, { decimals: 1 })})
        </Text>
      </Text>
    );
  }
  const v = c.new ?? c.old;
  return (
    <Text span size="sm" c="dimmed">
      {v ? priceIn(v.rate, currency) : '—'}
    </Text>
  );
}

function LimitsCell({ change: c }: { change: SyncChange }) {
  if (c.kind === 'limits' && c.old && c.new) {
    return (
      <Text span size="sm">
        {formatNumber(c.old.min)}–{formatNumber(c.old.max)} →{' '}
        <b>
          {formatNumber(c.new.min)}–{formatNumber(c.new.max)}
        </b>
      </Text>
    );
  }
  const v = c.new ?? c.old;
  return (
    <Text span size="sm" c="dimmed">
      {v ? `${formatNumber(v.min)}–${formatNumber(v.max)}` : '—'}
    </Text>
  );
}

/**
 * Our side of a change on one line: how many of our services it touches, folded behind a button
 * that shows them as links in a row under this one (a provider service can serve dozens of them,
 * which listed in the cell made one change a screen tall). The provider service is the cell's title.
 */
function OursCell({ change: c, opened, onToggle }: { change: SyncChange; opened: boolean; onToggle: () => void }) {
  if (!c.providerService) return <Dash />;
  const count = c.services.length;
  if (count === 0)
    return (
      <Text span size="sm" c="dimmed">
        Provider service {c.providerService.id}
      </Text>
    );
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      px={4}
      aria-expanded={opened}
      aria-controls={opened ? servicesId(c.id) : undefined}
      // Starts with what it shows; the rest tells the rows' buttons apart.
      aria-label={`${formatNumber(count)} service${count === 1 ? '' : 's'} of ours using ${c.name}`}
      onClick={onToggle}
    >
      {formatNumber(count)} service{count === 1 ? '' : 's'}
    </Button>
  );
}

/** The services a change touches, as links, wrapped under its row. */
function OurServices({ change: c }: { change: SyncChange }) {
  return (
    <Stack gap={4} py={4}>
      <Text size="xs" c="dimmed">
        Our services using provider service {c.providerService?.id} ({c.providerService?.name}):
      </Text>
      <Group component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Our services using ${c.name}`}>
        {c.services.map((s) => (
          <li key={s.id}>
            <Anchor component={Link} to={`/services/${s.id}`} size="sm">
              {s.name}
            </Anchor>
          </li>
        ))}
      </Group>
    </Stack>
  );
}

function RunSummary({ run }: { run: SyncRunDetail }) {
  return (
    <Card withBorder component="section" aria-label="Run summary">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
        <Field label="Started">
          <DateTime value={run.startedAt ?? run.createdAt} />
        </Field>
        <Field label="Duration">{duration(run.durationMs)}</Field>
        <Field label="Services answered">
          {run.servicesCount === null ? '—' : formatNumber(run.servicesCount)}
          {run.skippedCount ? ` (${formatNumber(run.skippedCount)} unreadable)` : ''}
        </Field>
        <Field label="Currency">{run.currency ?? '—'}</Field>
        <Field label="Changes touching ours">{formatNumber(run.affectedCount)}</Field>
        <Field label="Still to decide">{formatNumber(run.pendingCount)}</Field>
      </SimpleGrid>
    </Card>
  );
}
