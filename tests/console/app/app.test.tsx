import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRoute } from '@tanstack/react-router';
import type { Permission } from '../../../src/contract/permissions';
import { isLocalOrIpHost, resolveApiBaseUrl } from '../../../src/console/api/baseUrl';
import { App } from '../../../src/console/app/AppProviders';
import { applyDocumentSettings } from '../../../src/console/session/instanceSettings';
import { guardedRoute } from '../../../src/console/app/layoutRoute';
import { buildNav, navItems } from '../../../src/console/navigation/nav';
import { AUTH_ONLY } from '../../../src/console/navigation/routes';
import { createAppQueryClient, DEFAULT_STALE_TIME_MS } from '../../../src/console/app/queryClient';
import { createAppRouter } from '../../../src/console/app/router';
import { Loader, MantineProvider } from '@mantine/core';
import { COLOR_SCHEME_STORAGE_KEY, theme } from '../../../src/console/app/theme';
import { areaRoutes } from '../../../src/console/app/areaRoutes';
import homeArea from '../../../src/console/areas/home';
import { setUpMonitoring } from '../../../src/console/monitoring/configure';
import { readToken, saveToken } from '../../../src/console/session/cookie';
import { createSession, type Session } from '../../../src/console/session/session';
import { clearCookies, json, makeProfile, makeSettings, scriptFetch, type SeenRequest } from '../helpers/app.fixtures';

// Stand-ins for area screens, guarded the way the areas' routes are.
const ordersRoute = createRoute({ ...guardedRoute('orders'), component: () => <h2>Orders list</h2> });
const servicesRoute = createRoute({ ...guardedRoute('services'), component: () => <h2>Services list</h2> });
const networksRoute = createRoute({ ...guardedRoute('networks'), component: () => <h2>Networks list</h2> });
const comboOrdersRoute = createRoute({ ...guardedRoute('combo-orders'), component: () => <h2>Combo orders list</h2> });
const brokenRoute = createRoute({
  ...guardedRoute('broken', AUTH_ONLY),
  component: () => {
    throw new Error('screen exploded');
  },
});
const testRoutes = [...areaRoutes([homeArea]), ordersRoute, servicesRoute, networksRoute, comboOrdersRoute, brokenRoute];

const COUNTERS = { ordersInProcessing: 1200, ordersInModeration: 3, ordersWithNoActiveProviders: 0, freeTrialsPending: 9 };

interface StartOptions {
  permissions?: Permission[];
  signedIn?: boolean;
  routes?: Record<string, any>;
}

let running: Session | null = null;
let stopMonitoring: (() => void) | null = null;

function start(path: string, { permissions = [], signedIn = true, routes = {} }: StartOptions = {}) {
  if (signedIn) saveToken('tok-1');
  const seen: SeenRequest[] = scriptFetch({
    'GET /settings': json(makeSettings({ panelName: 'Acme Panel', favicon: 'https://cdn.example.test/acme.ico' })),
    'GET /api/v1/profile': json(makeProfile(permissions)),
    'GET /api/v1/admin/websockets/init': json(COUNTERS),
    'GET /api/v1/admin/home/activity': json({ changeLogs: [], audits: [] }),
    'GET /api/v1/admin/combo-orders/in-moderation': json({ orders_in_moderation: 4 }),
    'POST /logout': json({ message: 'Logged out.' }),
    'POST /api/v1/page-views': json({ message: 'ok' }),
    'POST /api/v1/client-errors': json({ message: 'ok' }),
    ...routes,
  });
  const queryClient = createAppQueryClient();
  const session = createSession({ queryClient, apiBaseUrl: '' });
  running = session;
  const router = createAppRouter({ queryClient, session, routes: testRoutes, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App queryClient={queryClient} session={session} router={router} mantineEnv="test" />);
  return { router, session, queryClient, seen };
}

const currentPath = (router: ReturnType<typeof start>['router']) => router.state.location.href;

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  running?.dispose();
  stopMonitoring?.();
  stopMonitoring = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearCookies();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('routing and the guard, through the running app', () => {
  it('sends a guest to login and, after signing in, to the address they asked for', async () => {
    const { router } = start('/orders?status=in_moderation', {
      signedIn: false,
      permissions: ['viewOrders'],
      routes: { 'POST /login': json({ message: 'ok' }, 200, { authorization: 'Bearer fresh' }) },
    });
    await screen.findByRole('heading', { name: 'Acme Panel' });
    expect(router.state.location.pathname).toBe('/login');

    await userEvent.type(screen.getByRole('textbox', { name: /email/i }), 'ada@example.test');
    await userEvent.type(screen.getByLabelText(/^password/i, { selector: 'input' }), 'secret{Enter}');

    expect(await screen.findByRole('heading', { name: 'Orders list' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/orders?status=in_moderation');
    expect(readToken()).toBe('fresh');
  });

  it('a member lacking the permission goes to Services when they may open it', async () => {
    const { router } = start('/orders', { permissions: ['viewServices'] });
    expect(await screen.findByRole('heading', { name: 'Services list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services');
  });

  it('a member lacking the permission and Services goes Home', async () => {
    const { router } = start('/orders', { permissions: ['viewUsers'] });
    expect(await screen.findByRole('heading', { name: /Welcome, Ada Lovelace/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('unknown paths, and spec paths whose screen is not built, resolve to Home', async () => {
    const { router } = start('/no-such-page', { permissions: ['manageWebhooks'] });
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(router.state.location.pathname).toBe('/');
    await act(() => router.navigate({ to: '/webhooks' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('finances redirects to transactions (Home while transactions is not built)', async () => {
    const { router } = start('/finances', { permissions: ['viewFinances'] });
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(router.state.location.pathname).toBe('/');
  });

  it('a signed-in member opening /login goes Home', async () => {
    const { router } = start('/login');
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(router.state.location.pathname).toBe('/');
  });

  it('resets scroll to the top on navigation', () => {
    const { router } = start('/');
    expect(router.options.scrollRestoration).toBe(true);
  });
});

describe('the shell', () => {
  it('applies the instance settings: title and favicon', async () => {
    start('/');
    await waitFor(() => expect(document.title).toBe('Acme Panel'));
    const icons = document.head.querySelectorAll('link[rel~="icon"]');
    expect(icons).toHaveLength(1);
    expect(icons[0]).toHaveAttribute('href', 'https://cdn.example.test/acme.ico');
  });

  it('shows only registered entries the member may open, grouped by area', async () => {
    start('/', { permissions: ['viewOrders', 'manageWebhooks', 'manageServiceTypes'] });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'Orders' });
    expect(within(nav).getByText('Operations')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Networks' })).toHaveAttribute('href', '/networks');
    // Webhooks is permitted but not built; Services is built but not permitted.
    expect(within(nav).queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Services' })).not.toBeInTheDocument();
    expect(within(nav).queryByText('Configuration')).not.toBeInTheDocument();
  });

  it('shows the counters the member may open, linking to the filtered lists', async () => {
    start('/', { permissions: ['viewOrders'] });
    const counters = (await screen.findAllByRole('navigation', { name: 'Live counters' }))[0]!;
    const moderation = await within(counters).findByRole('link', { name: /In Moderation: 3 orders in moderation/ });
    expect(moderation).toHaveAttribute('href', '/orders?status=in_moderation');
    expect(within(counters).getByRole('link', { name: /In Processing: 1 200/ })).toHaveAttribute('href', '/orders?status=in_processing');
    expect(within(counters).getByRole('link', { name: /No providers: 0/ })).toHaveAttribute(
      'href',
      '/orders?status=in_processing%2Cin_moderation&hasNoActiveProviders=true',
    );
    // No manageFreeTrials: no free-trials counter.
    expect(within(counters).queryByText('Free-trials')).not.toBeInTheDocument();
  });

  it('fetches the combo orders in moderation at start, shows them on the Combo orders entry and reads them again with the counters', async () => {
    let inModeration = 4;
    const { queryClient, seen } = start('/', {
      permissions: ['viewOrders'],
      routes: { 'GET /api/v1/admin/combo-orders/in-moderation': () => json({ orders_in_moderation: inModeration }) },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const entry = await within(nav).findByRole('link', { name: /Combo orders.*4 combo orders in moderation/ });
    expect(entry).toHaveAttribute('href', '/combo-orders');
    expect(seen.filter((r) => r.path === '/api/v1/admin/combo-orders/in-moderation')).toHaveLength(1);
    // Whatever reads the live counters again (a realtime update, a reconnect) reads this count too.
    inModeration = 7;
    await act(() => queryClient.invalidateQueries({ queryKey: ['counters'] }));
    await within(nav).findByRole('link', { name: /Combo orders.*7 combo orders in moderation/ });
  });

  it('asks nothing about combo orders of a member who may not open them', async () => {
    const { seen } = start('/', { permissions: ['viewServices'] });
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(seen.some((r) => r.path === '/api/v1/profile')).toBe(true));
    expect(seen.some((r) => r.path === '/api/v1/admin/combo-orders/in-moderation')).toBe(false);
  });

  it('switches the theme and keeps the choice in local storage', async () => {
    start('/');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu for Ada Lovelace/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Dark theme' }));
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('restores the stored theme at start', async () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    start('/');
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('names every spinner: "Loading" unless it says more, so a progress bar is never nameless', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader />
        <Loader aria-label="Loading affiliates" />
      </MantineProvider>,
    );
    expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))).toEqual(['Loading', 'Loading affiliates']);
  });

  it('logs out from the profile menu', async () => {
    const { router, seen } = start('/');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    expect(within(await screen.findByRole('menu')).getByText('ada@example.test')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(seen.some((r) => r.method === 'POST' && r.path === '/logout' && r.authorization === 'Bearer tok-1')).toBe(true);
    expect(readToken()).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('records a page view per navigation, keyed by the member id, once the profile is loaded', async () => {
    stopMonitoring = setUpMonitoring({});
    const { router, seen } = start('/', { permissions: ['viewOrders'] });
    await screen.findByRole('heading', { name: /Welcome/ });
    await act(() => router.navigate({ to: '/orders' }));
    await waitFor(() =>
      expect(seen.filter((r) => r.path === '/api/v1/page-views').map((r) => r.body)).toEqual([
        expect.objectContaining({ path: '/', visitorId: 7 }),
        expect.objectContaining({ path: '/orders', visitorId: 7 }),
      ]),
    );
  });

  it('a screen that throws shows the error inside the shell and is reported', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stopMonitoring = setUpMonitoring({});
    const { seen } = start('/broken');
    expect(await screen.findByText('This page could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    await waitFor(() =>
      expect(seen.filter((r) => r.path === '/api/v1/client-errors').map((r) => (r.body as { message: string }).message)).toEqual(['Error: screen exploded']),
    );
  });

  it('sends no page views when analytics is configured off', async () => {
    stopMonitoring = setUpMonitoring({ VITE_ANALYTICS: 'none' });
    const { router, seen } = start('/', { permissions: ['viewOrders'] });
    await screen.findByRole('heading', { name: /Welcome/ });
    await act(() => router.navigate({ to: '/orders' }));
    await screen.findByRole('heading', { name: 'Orders list' });
    expect(seen.filter((r) => r.path === '/api/v1/page-views')).toHaveLength(0);
  });
});

describe('Home', () => {
  it('shows the member, roles, counters and empty activity states', async () => {
    start('/', { permissions: ['viewOrders', 'viewChangeLogs', 'viewAudits'] });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
    const main = document.getElementById('main-content')!;
    expect(within(main).getByText('Manager')).toBeInTheDocument();
    expect(await within(main).findByText('No changes recorded yet.')).toBeInTheDocument();
    expect(within(main).getByText('No audit entries yet.')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /In Moderation\s*3 orders/ })).toHaveAttribute('href', '/orders?status=in_moderation');
  });

  it('lists the latest entries the member may see', async () => {
    start('/', {
      permissions: ['viewAudits'],
      routes: {
        'GET /api/v1/admin/home/activity': json({
          changeLogs: [],
          audits: [
            {
              id: 5,
              createdAt: '2030-01-02 10:00:00',
              staffId: 1,
              staffName: 'Grace Hopper',
              ipAddress: '10.0.0.1',
              userAgent: 'x',
              event: 'updated',
              auditableType: 'order',
              auditableId: 12,
              oldValues: { status: 'in_moderation' },
              newValues: { status: 'in_processing' },
            },
          ],
        }),
      },
    });
    const audits = await screen.findByRole('region', { name: 'Latest audit entries' });
    expect(await within(audits).findByText('Grace Hopper')).toBeInTheDocument();
    expect(within(audits).getByText('updated · Order #12')).toBeInTheDocument();
    expect(within(audits).getByText('status')).toBeInTheDocument();
    // No viewChangeLogs: no change-log card, no counters (no viewOrders).
    expect(screen.queryByRole('region', { name: 'Latest changes' })).not.toBeInTheDocument();
    expect(screen.queryByText('Live counters')).not.toBeInTheDocument();
  });

  it('tells a member with no permissions that nothing is assigned yet', async () => {
    const { seen } = start('/');
    expect(await screen.findByText('Nothing assigned yet')).toBeInTheDocument();
    expect(seen.some((r) => r.path === '/api/v1/admin/home/activity')).toBe(false);
    expect(seen.some((r) => r.path === '/api/v1/admin/websockets/init')).toBe(false);
  });
});

describe('navigation building (pure)', () => {
  const routes = [{ fullPath: '/' }, { fullPath: '/orders' }, { fullPath: '/users' }, { fullPath: '/loyalty-program' }];
  it('keeps only registered, permitted entries in section order', () => {
    const nav = buildNav(routes, { authenticated: true, permissions: ['viewUsers', 'viewGrades'] });
    expect(nav.map((s) => [s.label, s.items.map((i) => i.label)])).toEqual([
      ['Operations', ['Users']],
      ['Marketing', ['Loyalty program']],
    ]);
  });
  it('has an entry for every list screen of the route table', () => {
    expect(navItems().map((i) => i.path)).toEqual(expect.arrayContaining(['/orders', '/requests', '/quests', '/withdrawal', '/audit-log', '/change-logs']));
  });
});

describe('start-up pieces', () => {
  it('the query client: 30 s fresh, retries per shouldRetry', () => {
    const client = createAppQueryClient();
    expect(client.getDefaultOptions().queries?.staleTime).toBe(DEFAULT_STALE_TIME_MS);
    expect(DEFAULT_STALE_TIME_MS).toBe(30_000);
  });

  it('applyDocumentSettings replaces the icon link and sets the title', () => {
    const doc = document.implementation.createHTMLDocument('x');
    doc.head.innerHTML = '<link rel="icon" href="/favicon.svg"><link rel="shortcut icon" href="/old.ico">';
    applyDocumentSettings({ panelName: 'Boost', favicon: '/custom.png' }, doc);
    expect(doc.title).toBe('Boost');
    const links = doc.head.querySelectorAll('link[rel~="icon"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/custom.png');
    applyDocumentSettings({ panelName: 'Boost 2', favicon: null }, doc);
    expect(doc.head.querySelector('link[rel~="icon"]')!.getAttribute('href')).toBe('/custom.png');
  });
});

describe('API base URL', () => {
  const page = { protocol: 'https:', hostname: 'admin.panel.com', port: '', sameOriginMeta: false };
  it('prefers VITE_API_URL, then the runtime override', () => {
    expect(resolveApiBaseUrl({ ...page, envUrl: 'https://api.example.test/', runtimeUrl: 'https://x' })).toBe('https://api.example.test');
    expect(resolveApiBaseUrl({ ...page, runtimeUrl: 'https://core.other.test' })).toBe('https://core.other.test');
    expect(resolveApiBaseUrl({ ...page, runtimeUrl: '' })).toBe('');
  });
  it('uses the same origin on localhost, IPs and pages of the embedded server', () => {
    expect(resolveApiBaseUrl({ ...page, hostname: 'localhost', port: '5173' })).toBe('');
    expect(resolveApiBaseUrl({ ...page, hostname: '127.0.0.1' })).toBe('');
    expect(resolveApiBaseUrl({ ...page, hostname: '[::1]' })).toBe('');
    expect(resolveApiBaseUrl({ ...page, sameOriginMeta: true })).toBe('');
    expect(isLocalOrIpHost('192.168.1.20')).toBe(true);
    expect(isLocalOrIpHost('panel.com')).toBe(false);
  });
  it('derives core.<host> otherwise, dropping a leading admin.', () => {
    expect(resolveApiBaseUrl(page)).toBe('https://core.panel.com');
    expect(resolveApiBaseUrl({ ...page, hostname: 'panel.com' })).toBe('https://core.panel.com');
    expect(resolveApiBaseUrl({ ...page, hostname: 'backoffice.panel.com', port: '8443' })).toBe('https://core.backoffice.panel.com:8443');
  });
});
