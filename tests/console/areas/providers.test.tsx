import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExternalPanelRow, ImportServicesBody } from '../../../src/contract/providers';
import { BillingPanel } from '../../../src/console/areas/providers/BillingPanel';
import { ImportServicesDialog } from '../../../src/console/areas/providers/ImportServicesDialog';
import { ProviderDialog } from '../../../src/console/areas/providers/ProviderDialog';
import { cancelAllConfirms } from '../../../src/console/ui/confirm';
import { renderWithEngine } from '../helpers/tableFixtures';
import { apiMock } from '../helpers/apiMock';

/**
 * The providers area's dialogs with a scripted server: the import maps a row's server error
 * (`services.1.price`, "Row 2: …") back to that service's row without the prefix; Validate
 * replaces the endpoint for one of our panels and switches service and package sync off for a
 * foreign one; billing without a provider says the id is missing.
 */

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  act(() => cancelAllConfirms());
  cleanup();
});

const panel: ExternalPanelRow = {
  id: 4,
  name: 'Panvy Partner',
  endpoint: 'https://panvy.example/api/v2',
  type: 'socpanel',
  balance: '10.0000',
  currency: 'USD',
  balanceUpdatedAt: null,
  status: 'active',
  isArchived: false,
  syncFailed: false,
  isOurPanel: true,
  favicon: null,
  servicesCount: 0,
  actions: { archivable: true, editable: true, restore: false, showBilling: true, importPackages: true },
};

const item = (id: string, name: string) => ({
  id,
  name,
  category: 'YouTube Views',
  type: 'Default',
  min: 100,
  max: 1000,
  externalPanelPrice: '1.0000',
  providerPrice: '1.0000',
  price: '1.3000',
  currency: 'USD',
  networkId: 1,
  serviceTypeId: 10,
  providerServiceId: null,
  refill: false,
  dripfeed: false,
});

const dialogProps = (over: Record<string, unknown> = {}) => ({
  row: panel,
  rows: [panel],
  onSubmit: vi.fn(async () => false),
  onCancel: vi.fn(),
  errors: null,
  errorMessage: null,
  submitting: false,
  ...over,
});

describe('import services', () => {
  it("says when the provider's services cannot be read, and Close closes", async () => {
    apiMock.api.mockRejectedValue(new Error('The services of Panvy Partner could not be read. The panel did not answer in time.'));
    const props = dialogProps();
    renderWithEngine(<ImportServicesDialog {...(props as unknown as ComponentProps<typeof ImportServicesDialog>)} />);
    expect(screen.getByLabelText('Reading the services of Panvy Partner')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The provider's services could not be read");
    expect(alert).toHaveTextContent('did not answer in time');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onCancel).toHaveBeenCalled();
  });

  it('sends the chosen rows and shows a row error on that service, prefix stripped', async () => {
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'externalPanelImportServices') {
        return {
          items: [item('101', 'Views A'), item('102', 'Views B'), item('103', 'Views C')],
          margin: '0.3',
          rate: '1',
          networks: [{ id: 1, name: 'YouTube' }],
          serviceTypes: [{ id: 10, name: 'YouTube Views', networkId: 1 }],
          promotableCheckerGroups: [],
        };
      }
      throw new Error(`unexpected ${name}`);
    });
    const submitted: ImportServicesBody[] = [];
    // The server refuses the second submitted row (index 1).
    function Harness() {
      const [errors, setErrors] = useState<Record<string, string[]> | null>(null);
      const onSubmit = async (body: ImportServicesBody) => {
        submitted.push(body);
        setErrors({ 'services.1.price': ['Row 2: the price must be above zero.'] });
        return false;
      };
      return (
        <ImportServicesDialog
          {...(dialogProps({ onSubmit, errors, errorMessage: errors ? 'Invalid' : null }) as unknown as ComponentProps<typeof ImportServicesDialog>)}
        />
      );
    }
    renderWithEngine(<Harness />);
    await screen.findByRole('table', { name: 'Services of Panvy Partner' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Views A' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Views C' }));
    await user.click(screen.getByRole('button', { name: 'Import 2 services' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0].services.map((s) => [s.id, s.price, s.service_type_id])).toEqual([
      ['101', '1.3000', 10],
      ['103', '1.3000', 10],
    ]);
    const rowC = (await screen.findByRole('checkbox', { name: 'Choose Views C' })).closest('tr')!;
    expect(within(rowC).getByRole('alert')).toHaveTextContent(/^the price must be above zero\.$/);
    const rowA = screen.getByRole('checkbox', { name: 'Choose Views A' }).closest('tr')!;
    expect(within(rowA).queryByRole('alert')).toBeNull();
  });
});

describe('import services: search, select all shown, markup', () => {
  const catalogue = () => ({
    items: [
      { ...item('101', 'Views A'), category: 'YouTube Views' },
      { ...item('102', 'Views B'), category: 'YouTube Views', externalPanelPrice: '2.5000', providerPrice: '2.5000', price: '3.2500' },
      { ...item('201', 'TikTok Likes'), category: 'TikTok Likes', externalPanelPrice: '0.3333', providerPrice: '0.3333', price: '0.4333' },
      { ...item('202', 'TikTok Followers'), category: 'TikTok Followers', externalPanelPrice: '0.1000', providerPrice: '0.1000', price: '0.1300' },
      { ...item('301', 'Instagram Reels'), category: 'Instagram', externalPanelPrice: '10.0000', providerPrice: '10.0000', price: '13.0000' },
    ],
    margin: '0.3000',
    rate: '1',
    networks: [{ id: 1, name: 'YouTube' }],
    serviceTypes: [{ id: 10, name: 'YouTube Views', networkId: 1 }],
    promotableCheckerGroups: [],
  });

  function open(list = catalogue()) {
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'externalPanelImportServices') return list;
      throw new Error(`unexpected ${name}`);
    });
    const onSubmit = vi.fn(async (_body: ImportServicesBody) => true);
    renderWithEngine(<ImportServicesDialog {...(dialogProps({ onSubmit }) as unknown as ComponentProps<typeof ImportServicesDialog>)} />);
    return { onSubmit };
  }

  const shownIds = () =>
    within(screen.getByRole('table', { name: 'Services of Panvy Partner' }))
      .getAllByRole('row')
      .map((r) => r.getAttribute('data-service-id'))
      .filter(Boolean);
  const priceOf = (name: string) =>
    within(screen.getByRole('checkbox', { name: `Choose ${name}` }).closest('tr')!).getByText(/\$/, { selector: '[data-price] *' });

  it('searches by name, id or category; select all takes what the search shows and says how many of how many', async () => {
    const { onSubmit } = open();
    await screen.findByRole('table', { name: 'Services of Panvy Partner' });
    const user = userEvent.setup();
    expect(shownIds()).toEqual(['101', '102', '201', '202', '301']);
    expect(screen.getByText('0 of 5 selected')).toBeInTheDocument();

    const search = screen.getByRole('textbox', { name: 'Search' });
    // Pasted, not typed key by key: each key filters and redraws the table.
    await user.click(search);
    await user.paste('tiktok');
    expect(shownIds()).toEqual(['201', '202']);
    await user.clear(search);
    await user.paste('301');
    expect(shownIds()).toEqual(['301']);
    await user.clear(search);
    await user.paste('youtube views');
    expect(shownIds()).toEqual(['101', '102']);

    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 services shown' }));
    expect(screen.getByText('2 of 5 selected · 2 shown')).toBeInTheDocument();
    // The selection outlives the search: the rows it hides stay selected, and say so.
    await user.clear(search);
    await user.paste('tiktok');
    expect(screen.getByText('2 of 5 selected · 2 shown (2 of them not shown)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all 2 services shown' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Select all 2 shown' }));
    expect(screen.getByText('4 of 5 selected · 2 shown (2 of them not shown)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 4 services' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].services.map((s) => s.id)).toEqual(['101', '102', '201', '202']);
  });

  it('applies one markup to every selected row and a row its own, shows each resulting price and sends it exactly', async () => {
    const { onSubmit } = open();
    await screen.findByRole('table', { name: 'Services of Panvy Partner' });
    const user = userEvent.setup();
    // The provider's margin to start with: 30 %.
    const markup = screen.getByRole('textbox', { name: 'Markup for every selected service' });
    expect(markup).toHaveValue('30 %');
    expect(priceOf('Views B')).toHaveTextContent('$3.25');

    await user.click(screen.getByRole('checkbox', { name: 'Choose Views A' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose Views B' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose TikTok Likes' }));
    await user.clear(markup);
    await user.type(markup, '100');
    expect(priceOf('Views A')).toHaveTextContent('$2.00');
    expect(priceOf('Views B')).toHaveTextContent('$5.00');
    // 0.3333 × 2 = 0.6666, not a float's 0.6665999…
    expect(priceOf('TikTok Likes')).toHaveTextContent('$0.6666');

    // Views B's own markup: 12.5 % over 2.5 = 2.8125.
    const own = screen.getByRole('textbox', { name: 'Markup of Views B' });
    expect(own).toHaveAttribute('placeholder', '100 %');
    await user.type(own, '12.5');
    expect(priceOf('Views B')).toHaveTextContent('$2.8125');
    expect(priceOf('Views A')).toHaveTextContent('$2.00');
    // A row that is not selected takes no markup of its own.
    expect(screen.getByRole('textbox', { name: 'Markup of Instagram Reels' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Import 3 services' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].services.map((s) => [s.id, s.price, s.service_type_id])).toEqual([
      ['101', '2.0000', 10],
      ['102', '2.8125', 10],
      ['201', '0.6666', 10],
    ]);
  });

  it("prices a provider in another currency at the list's rate, as the server proposes it", async () => {
    const list = catalogue();
    list.rate = '1.08';
    list.items = list.items.map((s) => ({ ...s, currency: 'EUR' }));
    const { onSubmit } = open(list);
    await screen.findByRole('table', { name: 'Services of Panvy Partner' });
    const user = userEvent.setup();
    // 2.5 EUR × 1.08 × 1.3 = 3.51 USD
    expect(priceOf('Views B')).toHaveTextContent('$3.51');
    await user.click(screen.getByRole('checkbox', { name: 'Choose Views B' }));
    await user.click(screen.getByRole('button', { name: 'Import 1 service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].services[0]).toMatchObject({ id: '102', price: '3.5100' });
  });

  it('says when more services are selected than one import takes, and sends nothing', async () => {
    const list = catalogue();
    list.items = Array.from({ length: 501 }, (_, i) => ({ ...item(String(1000 + i), `Views ${i}`) }));
    const { onSubmit } = open(list);
    await screen.findByRole('table', { name: 'Services of Panvy Partner' });
    const user = userEvent.setup();
    // Thousands are not all drawn: only the rows in view.
    expect(shownIds().length).toBeGreaterThan(5);
    expect(shownIds().length).toBeLessThan(60);
    expect(screen.getByRole('table', { name: 'Services of Panvy Partner' })).toHaveAttribute('aria-rowcount', '502');
    await user.click(screen.getByRole('checkbox', { name: 'Select all 501 services shown' }));
    expect(screen.getByText('501 of 501 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 501 services' }));
    expect(await screen.findByText(/At most 500 services at once\. 501 are selected/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('provider editor: Validate', () => {
  const collections = {
    currencies: ['USD', 'EUR'],
    statisticTypes: [{ value: 'none', label: 'Not gathered' }],
    types: [
      { value: 'socpanel', label: 'panvy' },
      { value: 'perfect_panel', label: 'Perfect Panel' },
    ],
  };

  it('replaces the endpoint for one of our panels', async () => {
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'externalPanelsCollections') return collections;
      if (name === 'presetPanels') return [];
      if (name === 'externalPanelsValidate')
        return { is_our_panel: true, endpoint: 'https://api.panvy.example/api/v2', message: 'This is one of our own panels.' };
      throw new Error(`unexpected ${name}`);
    });
    renderWithEngine(<ProviderDialog {...(dialogProps({ row: undefined, rows: [] }) as unknown as ComponentProps<typeof ProviderDialog>)} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Endpoint' }), 'https://panvy.example/api/v2');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Endpoint' })).toHaveValue('https://api.panvy.example/api/v2'));
    expect(screen.getByText(/one of our own panels/)).toBeInTheDocument();
  });

  it('switches service and package sync off for a foreign panel and says so', async () => {
    apiMock.api.mockImplementation(async (name: string) => {
      if (name === 'externalPanelsCollections') return collections;
      if (name === 'presetPanels') return [];
      if (name === 'externalPanelsValidate')
        return {
          is_our_panel: false,
          endpoint: 'https://foreign.example/api/v2',
          message: 'This is not one of our panels: service and package sync were switched off.',
        };
      throw new Error(`unexpected ${name}`);
    });
    renderWithEngine(<ProviderDialog {...(dialogProps({ row: undefined, rows: [] }) as unknown as ComponentProps<typeof ProviderDialog>)} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Endpoint' }), 'https://foreign.example/api/v2');
    expect(screen.getByRole('checkbox', { name: 'Services' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Services' })).not.toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Packages' })).not.toBeChecked();
    expect(screen.getByText(/sync were switched off/)).toBeInTheDocument();
  });
});

describe('billing', () => {
  it('without a provider the fetch fails with "External Panel ID is missing"', async () => {
    renderWithEngine(<BillingPanel panelId={null} currency="USD" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('External Panel ID is missing');
    expect(apiMock.api).not.toHaveBeenCalled();
  });
});
