import { Alert, List, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ServiceChange, ServiceImpact, ServiceRow } from '../../../contract/catalogue';
import { DialogActions } from '../../ui/DialogActions';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';

/**
 * Impact before change (beyond the spec): archiving, disabling or repricing a service first shows
 * what depends on it — packages, active subscriptions and drip-feeds, orders in processing,
 * special offers — and then asks.
 */

export const impactQuery = (serviceId: number, change: ServiceChange) => ({
  queryKey: ['catalogue', 'impact', serviceId, change] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api('servicesImpact', { params: { serviceId }, query: { change }, signal }),
  staleTime: 0,
});

/** The dependants of one service, as a list a moderator reads before agreeing (no router links: it shows in the confirmation host too). */
export function ImpactDetails({ impact }: { impact: ServiceImpact }) {
  if (impact.clear)
    return (
      <Text size="sm">Nothing depends on service {impact.service.id}: no packages, subscriptions, drip-feeds, orders in processing or special offers.</Text>
    );
  return (
    <Stack gap={4}>
      <Text size="sm">{impact.summary}</Text>
      <List size="sm" spacing={2}>
        {impact.ordersInProcessing > 0 && (
          <List.Item>
            {impact.ordersInProcessing} order{impact.ordersInProcessing === 1 ? '' : 's'} in processing
          </List.Item>
        )}
        {impact.activeSubscriptions > 0 && (
          <List.Item>
            {impact.activeSubscriptions} active subscription{impact.activeSubscriptions === 1 ? '' : 's'}
          </List.Item>
        )}
        {impact.activeDripFeeds > 0 && (
          <List.Item>
            {impact.activeDripFeeds} active drip-feed{impact.activeDripFeeds === 1 ? '' : 's'}
          </List.Item>
        )}
        {impact.packages.count > 0 && (
          <List.Item>
            Packages: {impact.packages.items.map((p) => p.name).join(', ')}
            {impact.packages.count > impact.packages.items.length ? ` and ${impact.packages.count - impact.packages.items.length} more` : ''}
          </List.Item>
        )}
        {impact.specialOffers.count > 0 && (
          <List.Item>
            Special offers: {impact.specialOffers.items.map((p) => p.name).join(', ')}
            {impact.specialOffers.count > impact.specialOffers.items.length
              ? ` and ${impact.specialOffers.count - impact.specialOffers.items.length} more`
              : ''}
          </List.Item>
        )}
      </List>
    </Stack>
  );
}

/** Archive a service: what depends on it, then "Archive". */
export function ArchiveServiceDialog({ row, onSubmit, onCancel, submitting, errorMessage: failed }: ActionDialogProps<ServiceRow, void>) {
  const impact = useQuery(impactQuery(row.id, 'archive'));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(undefined);
      }}
    >
      <Stack>
        <Text size="sm">
          Archive service {row.id} ({row.name})? It leaves the storefront and is disabled; it can be brought back from the archive.
        </Text>
        {impact.isPending && <Loader size="sm" aria-label="Checking what depends on the service" />}
        {impact.isError && <Alert color="red">{errorMessage(impact.error)}</Alert>}
        {impact.data && (
          <Alert color={impact.data.clear ? 'gray' : 'yellow'} title="What depends on it">
            <ImpactDetails impact={impact.data} />
          </Alert>
        )}
        <DialogActions submitLabel="Archive" color="yellow" onCancel={onCancel} submitting={submitting || impact.isPending} errorMessage={failed} />
      </Stack>
    </form>
  );
}
