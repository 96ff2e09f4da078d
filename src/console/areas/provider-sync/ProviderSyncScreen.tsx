import { Alert, Anchor, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  SYNC_CHANGE_KIND_LABELS,
  SYNC_CHANGE_KINDS,
  SYNC_RUN_TRIGGER_LABELS,
  SYNC_SCHEDULE_LABELS,
  SYNC_SCHEDULES,
  syncSettingsBodySchema,
  type ProviderSyncOverview,
  type SyncRun,
  type SyncSchedule,
} from '../../../contract/provider-sync';
import type { RecordScreenProps } from '../../resource/area';
import { api } from '../../api/client';
import { errorMessage, ValidationError } from '../../api/errors';
import { PercentInput } from '../../forms/fields/PercentInput';
import { useContractForm } from '../../forms/useContractForm';
import { detailFallback } from '../../ui/DetailFallback';
import { DateTime } from '../../ui/DateTime';
import { formatNumber, percentText } from '../../ui/format';
import { SmallTable } from '../../ui/SmallTable';
import { download, duration, readable, RunStatus, SYNC_KEY } from './common';
import { RecordHeader } from '../../ui/RecordHeader';
import { Field } from '../../ui/Field';

/** A provider's sync (/external-panels/:id/sync): Sync now, settings, the accepted catalogue and the run history. */

const overviewKey = (providerId: number) => [...SYNC_KEY, 'provider', providerId] as const;

export function ProviderSyncScreen({ id: providerId }: RecordScreenProps) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: overviewKey(providerId),
    queryFn: ({ signal }) => api('providerSyncOverview', { params: { providerId }, signal }),
    // Follow a queued or running sync until it ends.
    refetchInterval: (q) => (q.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ? 1500 : false),
  });
  const syncNow = useMutation({
    mutationFn: () => api('providerSyncNow', { params: { providerId } }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      void queryClient.invalidateQueries({ queryKey: overviewKey(providerId) });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Sync not started', message: errorMessage(e) }),
  });
  const fallback = detailFallback(query, { loading: 'Loading provider sync', title: `Provider ${providerId}` });
  if (fallback || !query.data) return fallback;
  const o = query.data;
  const busy = o.runs.some((r) => r.status === 'queued' || r.status === 'running');
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: `/external-panels/${providerId}`, label: o.provider.name }}
        title="Sync"
        status={
          o.provider.syncFailed && (
            <Badge color="red" variant="light">
              Last sync failed
            </Badge>
          )
        }
        actions={
          <Tooltip label={busy ? 'A sync is already queued or running' : 'Fetch the provider’s services and compare them now'}>
            <Button onClick={() => syncNow.mutate()} loading={syncNow.isPending || busy} disabled={o.provider.isArchived}>
              Sync now
            </Button>
          </Tooltip>
        }
      />
      {!o.provider.syncServices && !o.provider.syncPrices && (
        <Alert color="yellow" title="Scheduled sync is off for this provider">
          Neither “Sync services” nor “Sync prices” is on in the provider’s settings: it syncs only when you press Sync now, and accepted changes update the
          catalogue copy without touching prices, names or statuses of our provider services.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {/* Saved settings that differ from the form's start give it a fresh start. */}
        <SettingsCard key={`${o.settings.marginFloor}|${o.settings.disableBelowMargin}|${o.settings.schedule}`} overview={o} providerId={providerId} />
        <Card withBorder component="section" aria-label="Accepted catalogue">
          <Title order={3} size="h5" mb="sm">
            Accepted catalogue
          </Title>
          <SimpleGrid cols={2} spacing="xs">
            <Field label="Services known">{formatNumber(o.mirror.services)}</Field>
            <Field label="Available at the provider">{formatNumber(o.mirror.present)}</Field>
            <Field label="Our provider services">{formatNumber(o.mirror.linked)}</Field>
            <Field label="Last accepted change">
              <DateTime value={o.mirror.updatedAt} />
            </Field>
            <Field label="What accepted changes update">
              {[o.provider.syncPrices && 'prices', o.provider.syncName && 'names', o.provider.syncServices && 'availability'].filter(Boolean).join(', ') ||
                'the catalogue copy only'}
            </Field>
          </SimpleGrid>
        </Card>
      </SimpleGrid>
      <Card withBorder component="section" aria-label="Sync history" p={0}>
        <Title order={3} size="h5" p="md">
          Sync history
        </Title>
        <RunsTable runs={o.runs} providerId={providerId} />
      </Card>
    </Stack>
  );
}

interface SettingsValues {
  marginFloor: string;
  disableBelowMargin: boolean;
  schedule: SyncSchedule;
}

function SettingsCard({ overview, providerId }: { overview: ProviderSyncOverview; providerId: number }) {
  const queryClient = useQueryClient();
  const s = overview.settings;
  const form = useContractForm<SettingsValues, { marginFloor: string | null; disableBelowMargin: boolean; schedule: SyncSchedule }>({
    schema: syncSettingsBodySchema,
    initialValues: { marginFloor: s.marginFloor ?? '', disableBelowMargin: s.disableBelowMargin, schedule: s.schedule },
    transform: (v) => ({ ...v, marginFloor: v.marginFloor === '' ? null : v.marginFloor }),
  });
  const save = useMutation({
    mutationFn: (values: SettingsValues) => api('providerSyncSettingsUpdate', { params: { providerId }, body: form.toBody(values) }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'Sync settings saved.' });
      void queryClient.invalidateQueries({ queryKey: SYNC_KEY });
    },
    onError: (e) => {
      if (e instanceof ValidationError) form.setServerErrors(e.errors);
      else notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(e) });
    },
  });
  return (
    <Card withBorder component="section" aria-label="Sync settings">
      <Title order={3} size="h5" mb="sm">
        Settings
      </Title>
      <form ref={form.element} onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack gap="sm">
          <PercentInput
            label="Margin floor"
            description={`Least margin our services may keep on this provider’s cost. Empty: the panel’s minimal margin (${percentText(overview.defaultFloor, { decimals: 1 })}).`}
            placeholder={`Panel default ${percentText(overview.defaultFloor, { decimals: 1 })}`}
            decimals={4}
            {...form.getInputProps('marginFloor')}
          />
          <Switch
            label="Turn off links below the floor"
            description="When an accepted price leaves less than the floor, orders stop going to this provider for that service."
            {...form.getInputProps('disableBelowMargin', { type: 'checkbox' })}
          />
          <Select
            label="Schedule"
            data={SYNC_SCHEDULES.map((value) => ({ value, label: SYNC_SCHEDULE_LABELS[value] }))}
            allowDeselect={false}
            description={s.nextRunAt ? `Next scheduled sync around ${s.nextRunAt} UTC.` : 'No scheduled sync.'}
            {...form.getInputProps('schedule')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Counts({ run }: { run: SyncRun }) {
  const shown = SYNC_CHANGE_KINDS.filter((k) => run.counts[k] > 0);
  if (shown.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {run.status === 'no_changes' ? 'None' : '—'}
      </Text>
    );
  return (
    <Group gap={4}>
      {shown.map((k) => (
        <Badge key={k} variant="light" color={k === 'removed' || k === 'price_up' ? 'orange' : k === 'new' ? 'blue' : 'gray'} size="sm">
          {SYNC_CHANGE_KIND_LABELS[k]} {formatNumber(run.counts[k])}
        </Badge>
      ))}
    </Group>
  );
}

function RunsTable({ runs, providerId }: { runs: SyncRun[]; providerId: number }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (runId: number) => api('providerSyncRunRetry', { params: { runId } }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      void queryClient.invalidateQueries({ queryKey: overviewKey(providerId) });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Not retried', message: errorMessage(e) }),
  });
  const raw = useMutation({
    mutationFn: (runId: number) => api('providerSyncRunRaw', { params: { runId } }),
    onSuccess: (r) => download(r.fileName, r.contentType, r.text),
    onError: (e) => notifications.show({ color: 'red', title: 'Download failed', message: errorMessage(e) }),
  });
  if (runs.length === 0) {
    return (
      <Text c="dimmed" p="md" pt={0}>
        No sync yet. Press Sync now to fetch the provider’s services.
      </Text>
    );
  }
  return (
    <SmallTable
      minWidth={1000}
      striped
      highlightOnHover
      verticalSpacing="xs"
      rows={runs}
      rowKey={(r) => r.id}
      columns={[
        {
          header: 'Run',
          width: 70,
          render: (r) => (
            <Anchor component={Link} to={`/provider-sync-runs/${r.id}`}>
              {r.id}
            </Anchor>
          ),
        },
        { header: 'Started', width: 160, render: (r) => <DateTime value={r.startedAt ?? r.createdAt} /> },
        { header: 'By', width: 100, render: (r) => SYNC_RUN_TRIGGER_LABELS[r.trigger] },
        {
          header: 'Status',
          width: 130,
          render: (r) => (
            <Stack gap={2}>
              <RunStatus status={r.status} />
              {r.error && (
                <Text size="xs" c={readable('red')} style={{ wordBreak: 'break-word' }}>
                  {r.status === 'running' ? `Retrying after: ${r.error}` : r.error}
                </Text>
              )}
              {r.status === 'review' && r.pendingCount > 0 && (
                <Text size="xs" c="dimmed">
                  {formatNumber(r.pendingCount)} to decide
                </Text>
              )}
            </Stack>
          ),
        },
        {
          header: 'Services',
          width: 90,
          render: (r) => (
            <>
              {r.servicesCount === null ? '—' : formatNumber(r.servicesCount)}
              {r.skippedCount ? (
                <Text size="xs" c="dimmed">
                  {formatNumber(r.skippedCount)} unreadable
                </Text>
              ) : null}
            </>
          ),
        },
        { header: 'Changes', render: (r) => <Counts run={r} /> },
        { header: 'Ours affected', width: 110, render: (r) => formatNumber(r.affectedCount) },
        { header: 'Duration', width: 90, render: (r) => duration(r.durationMs) },
        {
          header: 'Actions',
          width: 230,
          render: (r) => (
            <Group gap={6} wrap="nowrap">
              {(r.status === 'review' || r.status === 'applied' || r.status === 'superseded') && (
                <Button component={Link} to={`/provider-sync-runs/${r.id}`} size="compact-sm" variant="light">
                  {r.status === 'review' ? 'Review' : 'Open'}
                </Button>
              )}
              {r.hasRawAnswer && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => raw.mutate(r.id)}
                  loading={raw.isPending && raw.variables === r.id}
                  aria-label={`Download the raw answer of run ${r.id}`}
                >
                  Raw answer
                </Button>
              )}
              {r.status === 'failed' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="orange"
                  onClick={() => retry.mutate(r.id)}
                  loading={retry.isPending && retry.variables === r.id}
                >
                  Retry
                </Button>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}
