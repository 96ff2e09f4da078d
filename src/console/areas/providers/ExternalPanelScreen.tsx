import { detailFallback } from '../../ui/DetailFallback';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PROVIDER_STATISTIC_TYPE_LABELS, PROVIDER_SYNC_FLAG_LABELS, PROVIDER_SYNC_FLAGS, PROVIDER_SERVICE_TYPE_LABELS } from '../../../contract/providers';
import { RecordActions } from '../../actions/RecordActions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { AppLink } from '../../table/cells';
import { DateTime } from '../../ui/DateTime';
import { Field } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { SmallTable } from '../../ui/SmallTable';
import { BillingPanel } from './BillingPanel';
import { externalPanelsResource, ProviderStatus, ProviderTypeBadge } from './resource';
import { RecordHeader } from '../../ui/RecordHeader';
import { percentText } from '../../ui/format';

/**
 * One provider (external panel): every field (never the token: only whether one is stored), the
 * balance as last read, status and the sync-failed flag, its provider services, billing, a link to
 * its sync screen, and its history. Edit, import, archive and restore are the list's row actions.
 */

export function ExternalPanelScreen({ id }: RecordScreenProps) {
  const detail = useQuery({
    queryKey: ['detail', 'external-panels', id],
    queryFn: ({ signal }) => api('externalPanelsShow', { params: { externalPanelId: id }, signal }),
  });
  const services = useQuery({
    queryKey: ['detail', 'external-panels', id, 'services'],
    queryFn: ({ signal }) => api('externalPanelServices', { params: { externalPanelId: id }, signal }),
  });
  const fallback = detailFallback(detail, { loading: 'Loading the provider', title: 'Provider' });
  if (fallback || !detail.data) return fallback;
  const p = detail.data;
  const syncing = PROVIDER_SYNC_FLAGS.filter((f) => p[f]);
  return (
    <Stack gap="lg">
      <RecordHeader
        back={{ to: '/external-panels', label: 'Providers' }}
        title={p.name}
        status={
          <>
            <ProviderTypeBadge type={p.type} />
            {p.isOurPanel && (
              <Badge variant="outline" color="indigo">
                our panel
              </Badge>
            )}
          </>
        }
        description={<ProviderStatus status={p.status} archived={p.isArchived} syncFailed={p.syncFailed} />}
        actions={
          <RecordActions resource={externalPanelsResource} row={p} label={`Actions on ${p.name}`}>
            <Button size="xs" variant="default" component={Link} to={`/external-panels/${p.id}/sync`}>
              Sync
            </Button>
          </RecordActions>
        }
      />
      {p.syncFailed && (
        <Alert color="red" title="The last sync failed">
          <Group justify="space-between" gap="sm">
            <Text size="sm">The sync screen shows why; run it again from there.</Text>
            <Button size="xs" variant="default" component={Link} to={`/external-panels/${p.id}/sync`}>
              Open the sync screen
            </Button>
          </Group>
        </Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="Balance">
            <Money value={p.balance} currency={p.currency} size="lg" />
            <Text size="xs" c="dimmed">
              {p.balanceUpdatedAt ? (
                <>
                  read <DateTime value={p.balanceUpdatedAt} />
                </>
              ) : (
                'never read from the provider'
              )}
            </Text>
          </Field>
          <Field label="Currency">{p.currency}</Field>
          <Field label="Margin">{percentText(p.resaleMarginPercent)}</Field>
          <Field label="Statistic type">{PROVIDER_STATISTIC_TYPE_LABELS[p.statisticType]}</Field>
          <Field label="Endpoint">
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {p.endpoint}
            </Text>
          </Field>
          <Field label="API token">{p.hasApiToken ? 'Stored (never shown)' : 'Not set'}</Field>
          <Field label="Automatic order recreation">{p.autoRecreateOrdersIsAllowed ? 'Allowed' : 'Not allowed'}</Field>
          <Field label="Added">
            <DateTime value={p.createdAt} />
          </Field>
          <Field label="Sync">
            <Group gap={4}>
              {syncing.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nothing syncs
                </Text>
              ) : (
                syncing.map((f) => (
                  <Badge key={f} size="sm" variant="light" color="gray">
                    {PROVIDER_SYNC_FLAG_LABELS[f]}
                  </Badge>
                ))
              )}
            </Group>
          </Field>
        </SimpleGrid>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Provider services {services.data ? `(${services.data.length})` : ''}
        </Title>
        {services.isError && <Alert color="red">{errorMessage(services.error)}</Alert>}
        {services.data && services.data.length === 0 && (
          <Text size="sm" c="dimmed">
            No provider services yet: import them from the provider.
          </Text>
        )}
        {services.data && services.data.length > 0 && (
          <Table.ScrollContainer minWidth={640} mah={420}>
            <SmallTable
              striped
              verticalSpacing={4}
              label={`Provider services of ${p.name}`}
              rows={services.data}
              rowKey={(s) => s.id}
              columns={[
                { header: 'ID', render: (s) => s.id },
                { header: 'Name', render: (s) => <AppLink to={`/providers/${s.id}`}>{s.name}</AppLink> },
                { header: 'Type', render: (s) => PROVIDER_SERVICE_TYPE_LABELS[s.type] ?? s.type },
                { header: 'Id at provider', render: (s) => s.externalPanelServiceId },
                {
                  header: 'Source price',
                  align: 'right',
                  render: (s) => <Money value={s.sourcePrice.amount} currency={s.sourcePrice.currency} maxDecimals={4} />,
                },
                { header: 'Per', align: 'right', render: (s) => s.sourcePricingPer },
                { header: 'Status', render: (s) => <ProviderStatus status={s.status} archived={s.isArchived} /> },
              ]}
            />
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Billing
        </Title>
        <BillingPanel panelId={p.id} currency={p.currency} />
      </Stack>
      <RecordHistory type="external_panel" id={p.id} />
    </Stack>
  );
}
