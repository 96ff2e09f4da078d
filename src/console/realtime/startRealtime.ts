import type { QueryClient } from '@tanstack/react-query';
import { COUNTERS_CHANNEL, COUNTERS_CHANNEL_ECHO_NAME, COUNTERS_EVENT, countersUpdatedSchema, type CountersUpdated } from '../../contract/realtime';
import type { Counters } from '../../contract/session';
import { apiBaseUrl } from '../api/client';
import { COUNTERS_QUERY_KEY } from './counters';
import { SETTINGS_QUERY_KEY } from '../session/instanceSettings';
import { connectionStateOf, setConnectionState } from './connectionState';
import { createEcho, type BroadcastingSettings } from './echo';

export interface RealtimeOptions {
  /** The session token, or a getter for it (preferred: a refreshed token is then used on reconnect). */
  token: string | (() => string | null);
  /** The public settings' `broadcasting` field. */
  settings: BroadcastingSettings;
  queryClient: QueryClient;
  /** Defaults to the API client's base URL. */
  apiBaseUrl?: string;
  /** Defaults to window.location. */
  page?: { protocol: string; hostname: string; port: string };
  /** Every accepted `counters.updated` payload, after it was written into the query cache. */
  onCounters?: (counters: CountersUpdated) => void;
}

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * Live counters: subscribes to `private-admin.counters` and writes each `counters.updated` into the
 * counters query, which the header reads. pusher-js reconnects by
 * itself and re-authorises the channel; after a reconnect the init call is asked again, because
 * events sent while the socket was down are lost. A refused authorisation is retried with a
 * back-off (the next attempt reads the token again). Returns stop(), for logout.
 */
export function startRealtime(options: RealtimeOptions): () => void {
  const getToken = typeof options.token === 'function' ? options.token : () => options.token as string;
  const { queryClient } = options;
  const echo = createEcho({
    settings: options.settings,
    getToken,
    apiBaseUrl: options.apiBaseUrl ?? apiBaseUrl(),
    page: options.page ?? window.location,
  });
  const pusher = echo.connector.pusher;
  let stopped = false;
  let connectedAt = 0;
  let retryDelay = RETRY_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const onStateChange = ({ current }: { current: string }) => {
    if (stopped) return;
    if (current === 'connected') connectedAt = Date.now();
    setConnectionState(connectionStateOf(current));
  };
  pusher.connection.bind('state_change', onStateChange);
  setConnectionState(connectionStateOf(pusher.connection.state));

  const channel = echo.private(COUNTERS_CHANNEL_ECHO_NAME);
  channel.listen(`.${COUNTERS_EVENT}`, (payload: unknown) => {
    const parsed = countersUpdatedSchema.safeParse(payload);
    if (!parsed.success || stopped) return;
    const { ordersInProcessing, ordersInModeration, ordersWithNoActiveProviders, freeTrialsPending } = parsed.data;
    queryClient.setQueryData<Counters>(COUNTERS_QUERY_KEY, {
      ordersInProcessing,
      ordersInModeration,
      ordersWithNoActiveProviders,
      freeTrialsPending,
    });
    // The navigation's counts (combo orders in moderation) are not in the event: read again with it.
    void queryClient.invalidateQueries({ queryKey: COUNTERS_QUERY_KEY, exact: false, predicate: (q) => q.queryKey.length > 1 });
    options.onCounters?.(parsed.data);
  });
  // A saved panel name or favicon (contract/panel-settings SETTINGS_UPDATED_EVENT): every open console reads the settings again.
  channel.listen('.settings.updated', () => {
    if (!stopped) void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
  });
  channel.subscribed(() => {
    retryDelay = RETRY_MIN_MS;
    // Values read before this subscription took effect may have missed an event.
    const state = queryClient.getQueryState(COUNTERS_QUERY_KEY);
    if (state && (state.fetchStatus === 'fetching' || state.dataUpdatedAt < connectedAt)) {
      void queryClient.invalidateQueries({ queryKey: COUNTERS_QUERY_KEY });
    }
  });
  channel.error(() => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!stopped) pusher.subscribe(COUNTERS_CHANNEL);
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  });

  return () => {
    if (stopped) return;
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    pusher.connection.unbind('state_change', onStateChange);
    echo.leaveAllChannels();
    echo.disconnect();
    setConnectionState('unavailable');
  };
}
