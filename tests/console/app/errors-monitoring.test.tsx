import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { configureApi } from '../../../src/console/api/client';
import { setUpMonitoring } from '../../../src/console/monitoring/configure';
import { AppErrorBoundary } from '../../../src/console/monitoring/ErrorBoundary';
import { MAX_REPORTS_PER_PAGE, reportError, resetErrorReports, setErrorReporter, type ClientErrorReport } from '../../../src/console/monitoring/errorReporter';
import { json, scriptFetch } from '../helpers/app.fixtures';

let stop: (() => void) | null = null;

beforeEach(() => {
  resetErrorReports();
  configureApi({ baseUrl: '', getToken: () => null, onUnauthorized: () => {} });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.__panelUserId = null;
});

const reports = (seen: { path: string; body: unknown }[]) => seen.filter((r) => r.path === '/api/v1/client-errors').map((r) => r.body as ClientErrorReport);

function rejection(reason: unknown): Event {
  const event = new Event('unhandledrejection');
  Object.assign(event, { reason, promise: Promise.resolve() });
  return event;
}

describe('error reporting', () => {
  it('reports an uncaught error to the API once, with the page and the member', async () => {
    const seen = scriptFetch({ 'POST /api/v1/client-errors': json({ message: 'ok' }) });
    stop = setUpMonitoring({});
    window.__panelUserId = 7;
    const error = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'boom' }));
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'boom' }));
    await waitFor(() => expect(reports(seen)).toHaveLength(1));
    expect(reports(seen)[0]).toMatchObject({ message: 'Error: boom', userId: 7, url: window.location.href });
    expect(reports(seen)[0]!.stack).toContain('boom');
    expect(console.error).toHaveBeenCalled();
  });

  it('reports unhandled promise rejections', async () => {
    const seen = scriptFetch({ 'POST /api/v1/client-errors': json({ message: 'ok' }) });
    stop = setUpMonitoring({});
    window.dispatchEvent(rejection(new TypeError('x is undefined')));
    await waitFor(() => expect(reports(seen).map((r) => r.message)).toEqual(['TypeError: x is undefined']));
  });

  it('ignores cancelled requests', () => {
    const sent: ClientErrorReport[] = [];
    setErrorReporter({ report: (r) => sent.push(r) });
    reportError(new DOMException('The operation was aborted.', 'AbortError'), 'promise');
    expect(sent).toHaveLength(0);
  });

  it('caps the reports of one page so a broken loop cannot flood the server', () => {
    const sent: ClientErrorReport[] = [];
    setErrorReporter({ report: (r) => sent.push(r) });
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 10; i++) reportError(new Error(`failure ${i}`), 'window');
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it('never leaks a URL token into a report', () => {
    const sent: ClientErrorReport[] = [];
    setErrorReporter({ report: (r) => sent.push(r) });
    window.history.replaceState(null, '', '/login?token=secret-jwt&x=1');
    reportError(new Error('early'), 'window');
    window.history.replaceState(null, '', '/');
    expect(sent[0]!.url).not.toContain('secret-jwt');
  });

  it('VITE_ERROR_REPORTER=none logs to the console and sends nothing', async () => {
    const seen = scriptFetch({});
    stop = setUpMonitoring({ VITE_ERROR_REPORTER: 'none' });
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('quiet'), message: 'quiet' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(0);
    expect(console.error).toHaveBeenCalled();
  });

  it('a failing report is dropped silently (no report about the report)', async () => {
    const seen = scriptFetch({ 'POST /api/v1/client-errors': json({ message: 'Server Error' }, 500) });
    stop = setUpMonitoring({});
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('first'), message: 'first' }));
    await waitFor(() => expect(reports(seen)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(reports(seen)).toHaveLength(1);
  });

  it('the error boundary reports a render error and offers a reload', async () => {
    const sent: ClientErrorReport[] = [];
    setErrorReporter({ report: (r) => sent.push(r) });
    const Broken = () => {
      throw new Error('render failed');
    };
    render(
      <MantineProvider env="test">
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </MantineProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(sent.map((r) => r.message)).toEqual(['Error: render failed']);
  });
});
