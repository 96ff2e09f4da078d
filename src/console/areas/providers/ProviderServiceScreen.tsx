import { detailFallback } from '../../ui/DetailFallback';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PROVIDER_SERVICE_TYPE_LABELS, SERVICE_SYNC_FLAG_LABELS, type ServiceSyncFlag } from '../../../contract/providers';
import { RecordActions } from '../../actions/RecordActions';
import { api } from '../../api/client';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { AppLink } from '../../table/cells';
import { DateTime } from '../../ui/DateTime';
import { Field } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { StatusLabel } from '../../ui/StatusLabel';
import { ProviderStatus, providerServicesResource } from './resource';
import { RecordHeader } from '../../ui/RecordHeader';
import { SmallTable } from '../../ui/SmallTable';

/** One provider service (pricing rule): its source, price, events, the services it fulfils, its history. */

export function ProviderServiceScreen({ id }: RecordScreenProps) {
  const detail = useQuery({
    queryKey: ['detail', 'provider-services', id],
    queryFn: ({ signal }) => api('providerServicesShow', { params: { providerId: id }, signal }),
  });
  const fallback = detailFallback(detail, { loading: 'Loading the provider service', title: 'Provider service' });
  if (fallback || !detail.data) return fallback;
  const s = detail.data;
  const syncing = Object.entries(s.syncFlags)
    .filter(([, on]) => on)
    .map(([k]) => SERVICE_SYNC_FLAG_LABELS[k as ServiceSyncFlag] ?? k);
  return (
    <Stack gap="lg">
      <RecordHeader
        back={{ to: '/providers', label: 'Provider services' }}
        title={s.name}
        description={<ProviderStatus status={s.status} archived={s.isArchived} />}
        actions={<RecordActions resource={providerServicesResource} row={s} label={`Actions on provider service ${s.id}`} />}
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="Provider">
            <AppLink to={`/external-panels/${s.provider.id}`}>{s.provider.name}</AppLink>
          </Field>
          <Field label="Service id at the provider">{s.externalPanelServiceId}</Field>
          <Field label="Type">{PROVIDER_SERVICE_TYPE_LABELS[s.type] ?? s.type}</Field>
          <Field label="Source price">
            <Money value={s.sourcePrice.amount} currency={s.sourcePrice.currency} maxDecimals={4} /> per {s.sourcePricingPer}
          </Field>
          <Field label="Source event">{s.sourceEvent ?? '—'}</Field>
          <Field label="Target event">{s.targetEvent ?? '—'}</Field>
          <Field label="Statistics period">{s.lastStatsGatherPeriod ?? '—'}</Field>
          <Field label="Last available">{s.lastAvailableAt ? <DateTime value={s.lastAvailableAt} /> : '—'}</Field>
          <Field label="Syncs">{syncing.length ? syncing.join(', ') : 'Nothing'}</Field>
          <Field label="Added">
            <DateTime value={s.createdAt} />
          </Field>
        </SimpleGrid>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Our services using it ({s.services.length})
        </Title>
        {s.services.length === 0 ? (
          <Text size="sm" c="dimmed">
            No service of the catalogue uses this provider service.
          </Text>
        ) : (
          <SmallTable
            striped
            verticalSpacing={4}
            label="Services using this provider service"
            rows={s.services}
            rowKey={(svc) => svc.id}
            columns={[
              {
                header: 'Service',
                render: (svc) => (
                  <AppLink to={`/services/${svc.id}`}>
                    {svc.id} · {svc.name}
                  </AppLink>
                ),
              },
              { header: 'Priority', render: (svc) => svc.priority },
              { header: 'Link', render: (svc) => <StatusLabel value={svc.isActive ? 'active' : 'disabled'} text={svc.isActive ? 'Active' : 'Inactive'} /> },
            ]}
          />
        )}
      </Stack>
      <RecordHistory type="provider" id={s.id} />
    </Stack>
  );
}
