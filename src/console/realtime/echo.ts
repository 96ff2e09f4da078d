import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { BROADCASTING_AUTH_PATH } from '../../contract/realtime';
import type { PublicSettings } from '../../contract/session';

export type BroadcastingSettings = PublicSettings['broadcasting'];

export interface EchoSetup {
  settings: BroadcastingSettings;
  /** Read at every channel authorisation, so a refreshed token is used on the next reconnect. */
  getToken: () => string | null;
  /** The API's base URL ('' for same origin); /broadcasting/auth lives there. */
  apiBaseUrl: string;
  /** The page's address: wsHost null -> its host, wsPort null -> its port. */
  page: { protocol: string; hostname: string; port: string };
}

/**
 * Echo's options for a self-hosted Pusher-protocol server: broadcaster 'reverb' (no
 * cluster needed), plain ws unless the settings or an https page ask for TLS, WebSocket
 * transports only. Built fresh per connection: Echo writes into the `auth` object it is given, and
 * its default one is shared by every instance, so an old Authorization header could outlive a
 * logout. The token itself travels through `headersProvider`, read at each authorisation request.
 */
export function echoOptions(setup: EchoSetup) {
  const { settings, page } = setup;
  const secure = settings.forceTLS || page.protocol === 'https:';
  const port = settings.wsPort ?? (page.port ? Number(page.port) : secure ? 443 : 80);
  const endpoint = `${setup.apiBaseUrl}${BROADCASTING_AUTH_PATH}`;
  return {
    broadcaster: 'reverb' as const,
    key: settings.key,
    wsHost: settings.wsHost ?? page.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: settings.forceTLS,
    enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[],
    Pusher,
    authEndpoint: endpoint,
    auth: { headers: {} as Record<string, string> },
    userAuthentication: { transport: 'ajax' as const, endpoint: `${setup.apiBaseUrl}/broadcasting/user-auth`, headers: {} as Record<string, string> },
    channelAuthorization: {
      transport: 'ajax' as const,
      endpoint,
      headersProvider: (): Record<string, string> => {
        const token = setup.getToken();
        return token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' };
      },
    },
    // Echo would otherwise add X-Socket-ID interceptors to any axios/jQuery/Vue it finds.
    withoutInterceptors: true,
  };
}

export type RealtimeEcho = Echo<'reverb'>;

export function createEcho(setup: EchoSetup): RealtimeEcho {
  return new Echo(echoOptions(setup));
}
