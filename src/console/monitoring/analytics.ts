import { api } from '../api/client';

/**
 * Product analytics (a visitor tracker keyed by user id). The default adapter
 * records page views through the panel's own API; a third-party tracker plugs in through
 * setAnalytics, and VITE_ANALYTICS=none turns tracking off.
 */
export interface AnalyticsAdapter {
  /** The member is known: views from now on are theirs. */
  start(userId: number): void;
  /** A navigation ended on this path. */
  pageView(path: string): void;
  /** The member logged out: stop until the next start. */
  stop(): void;
}

export interface PageViewPayload {
  path: string;
  visitorId: number | null;
  title?: string;
}

export function createApiAnalytics(send: (view: PageViewPayload) => Promise<unknown> = (body) => api('pageViews', { body })): AnalyticsAdapter {
  let userId: number | null = null;
  let lastPath: string | null = null;
  return {
    start(id) {
      userId = id;
      lastPath = null;
    },
    pageView(path) {
      // Page views need a signed-in member (the endpoint is authenticated); search-only changes
      // (filters, paging) are the same page.
      if (userId === null || path === lastPath) return;
      lastPath = path;
      send({ path, visitorId: userId, title: document.title.slice(0, 500) }).catch(() => {});
    },
    stop() {
      userId = null;
      lastPath = null;
    },
  };
}

export const noopAnalytics: AnalyticsAdapter = { start() {}, pageView() {}, stop() {} };

let analytics: AnalyticsAdapter = noopAnalytics;

export function setAnalytics(next: AnalyticsAdapter): void {
  analytics = next;
}

export function getAnalytics(): AnalyticsAdapter {
  return analytics;
}
