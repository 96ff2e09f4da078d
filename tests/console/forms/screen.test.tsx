import { TextInput } from '@mantine/core';
import { Link, Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '../../../src/console/api/errors';
import { readDraft } from '../../../src/console/forms/drafts';
import { FormScreen, FormSection } from '../../../src/console/forms/FormScreen';
import { useContractForm } from '../../../src/console/forms/useContractForm';
import { Providers } from '../helpers/tableFixtures';

const serviceBody = z.object({
  name: z.string().trim().min(1, 'The name field is required.'),
  price: z.string().regex(/^\d+(\.\d{1,4})?$/, 'The price must be a number.'),
});
type ServiceBody = z.infer<typeof serviceBody>;

function renderScreen(save: (body: ServiceBody) => Promise<unknown>) {
  function ServiceScreen() {
    const form = useContractForm({ schema: serviceBody, initialValues: { name: 'Followers', price: '1.5' }, draft: { key: 'service:3' } });
    return (
      <>
        <Link to="/services">Back to services</Link>
        <FormScreen form={form} onSubmit={save}>
          <FormSection title="Main">
            <TextInput label="Name" {...form.getInputProps('name')} />
          </FormSection>
          <FormSection title="Pricing">
            <TextInput label="Price" {...form.getInputProps('price')} />
          </FormSection>
        </FormScreen>
      </>
    );
  }
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const listRoute = createRoute({ getParentRoute: () => rootRoute, path: 'services', component: () => <h1>Services</h1> });
  const editRoute = createRoute({ getParentRoute: () => rootRoute, path: 'services/3', component: ServiceScreen });
  const router = createRouter({ routeTree: rootRoute.addChildren([listRoute, editRoute]), history: createMemoryHistory({ initialEntries: ['/services/3'] }) });
  render(
    <Providers staffId={7}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const field = (name: string) => screen.getByRole('textbox', { name });

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('FormScreen', () => {
  it('groups fields in named sections and leaves an unchanged screen freely', async () => {
    const router = renderScreen(vi.fn());
    expect(await screen.findByRole('region', { name: 'Pricing' })).toContainElement(field('Price'));
    await userEvent.click(screen.getByRole('link', { name: 'Back to services' }));
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services');
  });

  it('asks before leaving with changes: keep editing stays, Discard leaves and forgets the draft', async () => {
    const router = renderScreen(vi.fn());
    await userEvent.type(await screen.findByRole('textbox', { name: 'Price' }), '0');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back to services' }));
    expect(await screen.findByText('Discard your changes?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard your changes?')).toBeNull());
    expect(router.state.location.pathname).toBe('/services/3');
    expect(field('Price')).toHaveValue('1.50');

    await userEvent.click(screen.getByRole('link', { name: 'Back to services' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(readDraft({ staffId: 7, key: 'service:3' })).toBeNull();
  });

  it('puts a 422 on its field, then saves: the saved values are the new start and leaving is free', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ValidationError('The price is below the provider cost.', { price: ['The price is below the provider cost.'] }))
      .mockResolvedValueOnce({});
    const router = renderScreen(save);
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Price' }));
    await userEvent.type(field('Price'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The price must be a number.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    await userEvent.clear(field('Price'));
    await userEvent.type(field('Price'), '0.1');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The price is below the provider cost.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.clear(field('Price'));
    await userEvent.type(field('Price'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(save).toHaveBeenLastCalledWith({ name: 'Followers', price: '2' }));
    await waitFor(() => expect(screen.queryByText('You have unsaved changes.')).toBeNull());
    expect(readDraft({ staffId: 7, key: 'service:3' })).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Back to services' }));
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services');
  });
});
