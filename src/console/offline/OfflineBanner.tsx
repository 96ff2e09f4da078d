import { Alert } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { PROFILE_QUERY_KEY, PUBLIC_QUERY_ROOTS } from '../session/session';
import { formatDateTime } from '../ui/format';
import { useOnline } from './useOnline';

/** Queries that hold configuration rather than data on screen (settings, dictionaries, profile). */
const NOT_SCREEN_DATA = new Set<string>([...PUBLIC_QUERY_ROOTS, String(PROFILE_QUERY_KEY[0])]);

/**
 * When the data on screen was fetched: the oldest `dataUpdatedAt` among the queries a screen is
 * showing (active, with data). Null when nothing on screen has data.
 */
export function oldestShownDataTime(queryClient: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (NOT_SCREEN_DATA.has(String(query.queryKey[0]))) continue;
    if (query.state.data === undefined || !query.state.dataUpdatedAt || !query.isActive()) continue;
    if (oldest === null || query.state.dataUpdatedAt < oldest) oldest = query.state.dataUpdatedAt;
  }
  return oldest;
}

/**
 * Above the screen while the browser is offline: says that what is shown is saved data and from
 * when. Hidden online.
 */
export function OfflineBanner() {
  const online = useOnline();
  return online ? null : <OfflineNotice />;
}

function OfflineNotice() {
  const queryClient = useQueryClient();
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]);
  const snapshot = useCallback(() => oldestShownDataTime(queryClient), [queryClient]);
  const dataTime = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <Alert color="gray" variant="light" role="status" py={8} mb="md" data-testid="offline-banner">
      {dataTime === null ? 'Offline — no saved data on this page' : `Offline — data from ${formatDateTime(dataTime)}`}
    </Alert>
  );
}
