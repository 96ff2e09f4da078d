/**
 * Where the API lives (derived from the page host with a core. prefix).
 *
 * The rule, first match wins:
 * 1. `VITE_API_URL` set at build time: that URL.
 * 2. `window.__PANEL_CONSOLE_API_URL__` defined at run time (a string; '' means same origin): that.
 * 3. Same origin ('') when the page is on localhost or an IP address, or when index.html carries
 *    `<meta name="panel-console-api" content="same-origin">` (the reference server serves the
 *    console and the API together; a production build for the real API is built with VITE_API_URL
 *    or without that meta).
 * 4. Otherwise `core.` + the page host, with a leading `admin.` label dropped first:
 *    https://admin.panel.com -> https://core.panel.com, https://panel.com -> https://core.panel.com.
 *    The page's port, if any, is kept.
 */

declare global {
  interface Window {
    __PANEL_CONSOLE_API_URL__?: string;
  }
}

export const SAME_ORIGIN_META_NAME = 'panel-console-api';

export interface BaseUrlInputs {
  /** import.meta.env.VITE_API_URL */
  envUrl?: string;
  /** window.__PANEL_CONSOLE_API_URL__ */
  runtimeUrl?: string;
  protocol: string;
  hostname: string;
  port: string;
  /** True when the page carries the same-origin meta. */
  sameOriginMeta: boolean;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** localhost, *.localhost, IPv4 and IPv6 literals (with or without brackets). */
export function isLocalOrIpHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (IPV4.test(host)) return true;
  return host.includes(':') || (host.startsWith('[') && host.endsWith(']'));
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function resolveApiBaseUrl(inputs: BaseUrlInputs): string {
  if (inputs.envUrl) return trimSlash(inputs.envUrl);
  if (typeof inputs.runtimeUrl === 'string') return trimSlash(inputs.runtimeUrl);
  if (inputs.sameOriginMeta || isLocalOrIpHost(inputs.hostname)) return '';
  const host = inputs.hostname.replace(/^admin\./i, '');
  const port = inputs.port ? `:${inputs.port}` : '';
  return `${inputs.protocol}//core.${host}${port}`;
}

/** The rule applied to this page. */
export function apiBaseUrlForPage(): string {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SAME_ORIGIN_META_NAME}"]`);
  return resolveApiBaseUrl({
    envUrl: import.meta.env.VITE_API_URL as string | undefined,
    runtimeUrl: window.__PANEL_CONSOLE_API_URL__,
    protocol: window.location.protocol,
    hostname: window.location.hostname,
    port: window.location.port,
    sameOriginMeta: meta?.content === 'same-origin',
  });
}
