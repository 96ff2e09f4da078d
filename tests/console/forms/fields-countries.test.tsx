import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountrySelect, countriesQuery, countryMatches, flagOf } from '../../../src/console/forms/fields';
import { apiMock } from '../helpers/apiMock';

vi.mock('../../../src/console/api/client', () => import('../helpers/apiMock').then((m) => m.mockedApiClient));

afterEach(() => {
  cleanup();
});

const COUNTRIES = [
  { code: 'CI', name: "Côte d'Ivoire" },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'TR', name: 'Türkiye' },
  { code: 'US', name: 'United States' },
];

function withProviders(ui: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </QueryClientProvider>,
  );
}

function DiscountForm({ initial = [] as string[], withFlags = false }) {
  const form = useForm({ mode: 'controlled', initialValues: { countries: initial } });
  return (
    <>
      <CountrySelect withFlags={withFlags} {...form.getInputProps('countries')} />
      <output data-testid="held">{JSON.stringify(form.getValues().countries)}</output>
    </>
  );
}
const held = () => JSON.parse(screen.getByTestId('held').textContent ?? 'null');

describe('CountrySelect', () => {
  it('loads the countries once and picks them by searching their name', async () => {
    apiMock.api.mockResolvedValue(COUNTRIES);
    const user = userEvent.setup();
    withProviders(
      <>
        <DiscountForm />
        <CountrySelect label="Other countries" value={[]} onChange={() => {}} />
      </>,
    );
    const input = screen.getByRole('combobox', { name: 'Countries' });
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Search countries'));
    expect(apiMock.api).toHaveBeenCalledTimes(1);
    expect(apiMock.api).toHaveBeenCalledWith('countries', expect.anything());

    await user.click(input);
    await user.type(input, 'germ');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Germany']);
    await user.click(screen.getByRole('option', { name: 'Germany' }));
    expect(held()).toEqual(['DE']);

    // Accents are ignored, and a code finds its country.
    await user.type(input, 'turk');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Türkiye']);
    await user.clear(input);
    await user.type(input, 'us');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['United States']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(held()).toEqual(['DE', 'US']));
  });

  it('shows chosen countries by name, and by code while the list is not there', async () => {
    let answer: (v: unknown) => void = () => {};
    apiMock.api.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    withProviders(<DiscountForm initial={['FR']} />);
    expect(screen.getByRole('combobox', { name: 'Countries' })).toHaveAttribute('placeholder', 'Loading countries…');
    expect(screen.getByText('FR')).toBeInTheDocument();
    answer(COUNTRIES);
    expect(await screen.findByText('France')).toBeInTheDocument();
  });

  it('says when the list could not be loaded and loads it again on request', async () => {
    apiMock.api.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(COUNTRIES);
    const user = userEvent.setup();
    withProviders(<DiscountForm />);
    expect(await screen.findByText('The country list could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load the countries again' }));
    await waitFor(() => expect(screen.queryByText('The country list could not be loaded.')).not.toBeInTheDocument());
    expect(apiMock.api).toHaveBeenCalledTimes(2);
  });

  it('shows flags when asked, hidden from screen readers', async () => {
    apiMock.api.mockResolvedValue(COUNTRIES);
    const user = userEvent.setup();
    withProviders(<DiscountForm withFlags />);
    const input = screen.getByRole('combobox', { name: 'Countries' });
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'Search countries'));
    await user.click(input);
    const germany = screen.getByRole('option', { name: 'Germany' });
    expect(germany).toHaveTextContent('🇩🇪Germany');
  });

  it('shows a field error under it', async () => {
    apiMock.api.mockResolvedValue(COUNTRIES);
    withProviders(<CountrySelect value={['XX']} onChange={() => {}} error="The selected countries.0 is invalid." />);
    expect(screen.getByRole('combobox', { name: 'Countries' })).toHaveAccessibleDescription('The selected countries.0 is invalid.');
  });
});

describe('country helpers', () => {
  it('keeps the list for the whole session', () => {
    const options = countriesQuery();
    expect(options.queryKey).toEqual(['countries']);
    expect(options.staleTime).toBe(Infinity);
  });

  it('draws flags from codes and matches names without accents', () => {
    expect(flagOf('de')).toBe('🇩🇪');
    expect(flagOf('DEU')).toBe('');
    expect(countryMatches({ code: 'CI', name: "Côte d'Ivoire" }, 'cote')).toBe(true);
    expect(countryMatches({ code: 'DE', name: 'Germany' }, 'de')).toBe(true);
    expect(countryMatches({ code: 'FR', name: 'France' }, 'de')).toBe(false);
  });
});
