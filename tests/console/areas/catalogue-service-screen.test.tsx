import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../../src/console/api/errors';
import { useRunAction, type ActionOutcome, type RunAction } from '../../../src/console/actions/useRunAction';
import { servicesResource } from '../../../src/console/areas/catalogue/resource';
import { EditServiceScreen } from '../../../src/console/areas/catalogue/ServiceScreen';
import type { ServiceCollections, ServiceDetail, ServiceImpact, ServiceRow } from '../../../src/contract/catalogue';
import type { Permission } from '../../../src/contract/permissions';
import { Providers, renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

/**
 * The service screen's form: server 422s land on their fields (a French text opens the French tab),
 * the screen keeps what was typed; the contract's rules are checked
 * before sending; the auto-refill settings show only with their permission. The bulk update
 * dialog keeps a 422 open and sends only what was changed.
 */

// Mantine's autosize textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

const collections: ServiceCollections = {
  networks: [{ id: 1, name: 'YouTube', serviceTypes: [{ id: 10, name: 'Views' }] }],
  labels: [{ id: 5, name: 'Fast', icon: 'fire' }],
  targets: [],
  targetAttachments: [],
  promotableCheckerGroups: [],
  providers: [{ id: 2, name: 'Panel A' }],
  fullDescriptionLocations: ['header', 'footer'],
  defaultFullDescriptionLocation: 'footer',
};

function service(overrides: Partial<ServiceDetail> = {}): ServiceDetail {
  return {
    id: 42,
    name: 'YouTube views',
    slug: 'youtube-views',
    adminNote: '',
    translations: { en: { name: 'YouTube views', description: 'Real views' }, fr: { name: 'Vues YouTube' } },
    translationState: { complete: ['en'], missing: [], stale: [] },
    network: { id: 1, name: 'YouTube' },
    serviceType: { id: 10, name: 'Views' },
    serviceTypeId: 10,
    minQuantity: 100,
    maxQuantity: 10000,
    quantityStep: 100,
    minPrice: '0.5000',
    defaultPrice: '1.2000',
    pricingPer: 1000,
    providers: [
      {
        providerServiceId: 7,
        name: 'Views HQ',
        provider: { id: 2, name: 'Panel A' },
        sourcePrice: '0.8000',
        sourcePricingPer: 1000,
        status: 'active',
        isArchived: false,
        isActive: true,
        priority: 1,
      },
    ],
    countries: [],
    labels: [],
    targets: [],
    targetAttachments: [],
    orderQuantityRatio: '1',
    budgetMultiplier: '1',
    dripFeedIsAllowed: false,
    resaleMarginPercent: '0.1000',
    liveStreamSupportMinutes: null,
    liveStreamRetentionQuantityMultiplier: null,
    buyPageUrl: null,
    fullDescriptionLocation: 'footer',
    promotableCheckerGroupId: null,
    defaultQuantityForWidget: null,
    lastTimeProvidersAreAvailableAt: null,
    autoRefill: null,
    apiAccess: true,
    restrictedAccess: false,
    hasRefill: false,
    isEnabled: true,
    isArchived: false,
    isDeactivated: false,
    urlIsRequired: true,
    realCounterCompleteIsEnabled: false,
    moderationIsEnabled: false,
    cancelByClientIsAllowed: false,
    gatherStatistic: false,
    autoCancel: false,
    calculatableQuantity: false,
    forbidsOrdersWithSameUrl: false,
    providersAreUnavailableForALongTime: false,
    sorting: 1,
    createdAt: '2026-01-01 10:00:00',
    updatedAt: '2026-01-02 10:00:00',
    actions: { editable: true, archivable: true, unarchivable: false, copyable: true, editAutoRefill: false },
    ...overrides,
  };
}

type Answers = Record<string, (options: any) => unknown>;

function answer(answers: Answers) {
  apiMock.api.mockImplementation(async (name: string, options: unknown) => {
    const handler = answers[name];
    if (!handler) throw new Error(`unexpected call ${name}`);
    return handler(options);
  });
}

function renderScreen(can: (p: Permission) => boolean = () => true) {
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const editRoute = createRoute({ getParentRoute: () => rootRoute, path: 'services/42', component: () => <EditServiceScreen id={42} /> });
  const listRoute = createRoute({ getParentRoute: () => rootRoute, path: 'services', component: () => <h1>Services</h1> });
  const router = createRouter({ routeTree: rootRoute.addChildren([editRoute, listRoute]), history: createMemoryHistory({ initialEntries: ['/services/42'] }) });
  render(
    <Providers staffId={9} can={can}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const base: Answers = {
  servicesCollections: () => collections,
  servicesShow: () => service(),
  translateStatus: () => ({ available: false, locales: [] }),
  servicesProviderServices: () => [],
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
});

// A whole record screen (twelve locales of twelve texts) renders slowly on a busy machine.
describe('the service screen', { timeout: 60_000 }, () => {
  it('shows a 422 on a French text in the French tab, keeps the screen and what was typed', async () => {
    const update = vi.fn(async () => {
      throw new ValidationError('The given data was invalid.', {
        'translations.fr.metaTitle': ['The meta title may have at most 60 characters.'],
        maxQuantity: ['Too large for this provider.'],
      });
    });
    answer({ ...base, servicesUpdate: update });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Service 42: YouTube views' })).toBeInTheDocument();

    const texts = screen.getByRole('region', { name: 'Storefront texts' });
    await userEvent.click(within(texts).getByRole('tab', { name: /French/ }));
    // Pasted, not typed key by key: each key re-renders the whole screen, slow on a busy machine.
    await userEvent.click(within(texts).getByRole('textbox', { name: /Meta title/ }));
    await userEvent.paste('Achetez des vues YouTube');
    await userEvent.click(within(texts).getByRole('tab', { name: /English/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save service' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const sent = (update.mock.calls[0] as unknown as [{ params: { serviceId: number }; body: { translations: Record<string, Record<string, string>> } }])[0];
    expect(sent.params).toEqual({ serviceId: 42 });
    expect(sent.body.translations.fr.metaTitle).toBe('Achetez des vues YouTube');

    // The French tab opens by itself, with the message under its field.
    expect(await within(texts).findByText('The meta title may have at most 60 characters.')).toBeVisible();
    expect(within(texts).getByRole('tab', { name: /French/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(texts).getByRole('textbox', { name: /Meta title/ })).toHaveValue('Achetez des vues YouTube');
    expect(screen.getByRole('textbox', { name: /Maximum quantity/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Too large for this provider.')).toBeInTheDocument();
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });

  it('checks the contract rules before sending: min above max and a step that does not divide the range', async () => {
    const update = vi.fn();
    answer({ ...base, servicesUpdate: update });
    renderScreen();
    const min = await screen.findByRole('textbox', { name: /Minimum quantity/ });
    await userEvent.clear(min);
    await userEvent.type(min, '20000');
    await userEvent.click(screen.getByRole('button', { name: 'Save service' }));
    expect(await screen.findByText('The maximum quantity must be at least the minimum quantity.')).toBeInTheDocument();

    await userEvent.clear(min);
    await userEvent.type(min, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save service' }));
    expect(await screen.findByText(/The quantity step must divide the range from 150 to 10000/)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('asks after showing what depends on the service before disabling it', async () => {
    const impact: ServiceImpact = {
      service: { id: 42, name: 'YouTube views' },
      change: 'disable',
      packages: { count: 0, items: [] },
      activeSubscriptions: 2,
      activeDripFeeds: 0,
      ordersInProcessing: 5,
      specialOffers: { count: 0, items: [] },
      clear: false,
      summary: 'Disabling service 42 touches 5 orders in processing and 2 active subscriptions.',
    };
    const update = vi.fn(async () => ({ message: 'Service 42 (YouTube views) saved.', service: service({ isEnabled: false }) }));
    answer({ ...base, servicesImpact: () => impact, servicesUpdate: update });
    renderScreen();
    await userEvent.click(await screen.findByRole('switch', { name: 'Enabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save service' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('5 orders in processing');
    expect(question).toHaveTextContent('2 active subscriptions');
    await userEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(update).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Save service' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
  });

  it('shows the auto-refill settings only with their permission', async () => {
    answer(base);
    renderScreen();
    expect(await screen.findByText(/need the "write auto refill params" permission/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Refill after/ })).toBeNull();
    cleanup();

    answer({
      ...base,
      servicesShow: () =>
        service({
          autoRefill: {
            allowed: true,
            afterHours: 24,
            onceFillPercent: '0.1000',
            minDropPercent: '0.0500',
            maxDropPercent: '0.5000',
            maxTotalRefilledPercent: '1.0000',
          },
          actions: { editable: true, archivable: true, unarchivable: false, copyable: true, editAutoRefill: true },
        }),
    });
    renderScreen();
    expect(await screen.findByRole('textbox', { name: /Refill after/ })).toHaveValue('24');
  });
});

describe('bulk update from the bulk bar', () => {
  it('sends only what changed; a 422 keeps the dialog open with the message', async () => {
    const bulk = vi
      .fn()
      .mockRejectedValueOnce(new ValidationError('The given data was invalid.', { resaleMarginPercent: ['The margin is above what these providers allow.'] }))
      .mockResolvedValueOnce({ done: [1, 2], failed: [] });
    apiMock.api.mockImplementation(async (name: string, options: unknown) => {
      if (name === 'servicesBulk') return bulk(options);
      if (name === 'servicesImpact') {
        const id = (options as { params: { serviceId: number } }).params.serviceId;
        return {
          service: { id, name: `S${id}` },
          change: 'archive',
          packages: { count: 0, items: [] },
          activeSubscriptions: 0,
          activeDripFeeds: 0,
          ordersInProcessing: id,
          specialOffers: { count: 0, items: [] },
          clear: false,
          summary: `Service ${id} has ${id} orders in processing.`,
        };
      }
      throw new Error(`unexpected call ${name}`);
    });
    const ref: { current: RunAction | null } = { current: null };
    function Probe() {
      ref.current = useRunAction();
      return null;
    }
    renderWithEngine(<Probe />);
    const rows = [1, 2].map((id) => ({ id, name: `S${id}`, actions: { editable: true, archivable: true, unarchivable: false, copyable: true } }) as ServiceRow);
    let outcome: Promise<ActionOutcome>;
    act(() => {
      outcome = ref.current!.bulk(servicesResource, 'bulkUpdate', rows);
    });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Archive' }));
    expect(await within(dialog).findByText('Service 2 has 2 orders in processing.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Set the resale margin' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Resale margin' }), '15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update 2 services' }));
    expect(await within(dialog).findByText('The margin is above what these providers allow.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(bulk.mock.calls[0][0].body).toEqual({ servicesIds: [1, 2], isArchived: true, resaleMarginPercent: '0.1500' });

    const margin = within(dialog).getByRole('textbox', { name: 'Resale margin' });
    await userEvent.clear(margin);
    await userEvent.type(margin, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update 2 services' }));
    await expect(outcome!).resolves.toBe('done');
    expect(bulk.mock.calls[1][0].body).toEqual({ servicesIds: [1, 2], isArchived: true, resaleMarginPercent: '0.1200' });
  });
});
