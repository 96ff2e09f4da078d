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
