import type { z } from 'zod';
import type { clientErrorBodySchema } from '../../contract/session';
import { api } from '../api/client';
import { isCancellation } from '../api/errors';

/**
 * Error reporting (unhandled errors are logged and sent to an error-reporting service). The default adapter posts to the panel's own API; another service plugs in through
 * setErrorReporter, and VITE_ERROR_REPORTER=none keeps reports in the console only.
 */
export type ClientErrorReport = z.input<typeof clientErrorBodySchema>;

export interface ErrorReporter {
  report(report: ClientErrorReport): void;
}

export type ErrorSource = 'window' | 'promise' | 'react' | 'router';

/** Enough to spot a problem, bounded so one broken loop cannot flood the server. */
export const MAX_REPORTS_PER_PAGE = 25;

export function createApiErrorReporter(send: (report: ClientErrorReport) => Promise<unknown> = (body) => api('clientErrors', { body })): ErrorReporter {
  return {
    report(report) {
      // A failed report is dropped: reporting it would loop.
      send(report).catch(() => {});
    },
  };
}

export const noopErrorReporter: ErrorReporter = { report() {} };

let reporter: ErrorReporter = noopErrorReporter;
const seen = new Set<string>();
let sent = 0;

export function setErrorReporter(next: ErrorReporter): void {
  reporter = next;
}

/** Forgets what was reported (tests; a new page load starts empty anyway). */
export function resetErrorReports(): void {
  seen.clear();
  sent = 0;
}

const truncate = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function toReport(error: unknown): ClientErrorReport {
  const asError = error instanceof Error ? error : null;
  const message = asError ? `${asError.name}: ${asError.message}` : typeof error === 'string' ? error : safeStringify(error);
  return {
    message: truncate(message || 'Unknown error', 2000),
    stack: asError?.stack ? truncate(asError.stack, 20000) : undefined,
    url: truncate(window.location.href.replace(/([?&])token=[^&#]*/, '$1token=…'), 2000),
    userId: typeof window.__panelUserId === 'number' ? window.__panelUserId : null,
  };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Logs an unhandled error and sends it once (the same error caught by two layers, or thrown in a
 * loop, is sent once per page). Cancelled requests are not errors.
 */
export function reportError(error: unknown, source: ErrorSource): void {
  if (isCancellation(error)) return;
  console.error(`[console] unhandled error (${source})`, error);
  const report = toReport(error);
  const key = `${report.message}\n${report.stack ?? ''}`;
  if (seen.has(key) || sent >= MAX_REPORTS_PER_PAGE) return;
  seen.add(key);
  sent += 1;
  reporter.report(report);
}
