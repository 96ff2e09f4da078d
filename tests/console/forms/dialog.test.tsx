import { TextInput } from '@mantine/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '../../../src/console/api/errors';
import { GuardedModal } from '../../../src/console/forms/closeGuard';
import { clearDrafts, forgetDraftsOnLogout, readDraft, writeDraft } from '../../../src/console/forms/drafts';
import { FormDialog } from '../../../src/console/forms/FormDialog';
import { TranslationsField, type Translations } from '../../../src/console/forms/fields';
import { useContractForm } from '../../../src/console/forms/useContractForm';
import { runLogoutCallbacks } from '../../../src/console/session/lifecycle';
import { Providers } from '../helpers/tableFixtures';

/** A coupon-like body: translated names and per-service discounts, snake_case as the server names them. */
const couponBody = z.object({
  code: z.string().trim().min(1, 'The code field is required.'),
  translations: z.object({ fr: z.object({ name: z.string().trim().min(1, 'The name (French) is required.') }) }),
  services: z.array(z.object({ discount_percent: z.number().max(100, 'The discount may not be greater than 100.') })),
});
type CouponBody = z.input<typeof couponBody>;

interface CouponValues {
  code: string;
  translations: { fr: { name: string } };
  services: { discountPercent: string }[];
}

const toBody = (values: CouponValues): CouponBody => ({
  code: values.code,
  translations: values.translations,
  services: values.services.map((s) => ({ discount_percent: Number(s.discountPercent) })),
});

const record: CouponValues = { code: 'SPRING', translations: { fr: { name: 'Printemps' } }, services: [{ discountPercent: '10' }] };

interface DialogOptions {
  send: (body: CouponBody) => Promise<unknown>;
  initial?: CouponValues;
  draft?: { key: string; updatedAt?: string | null } | null;
}

/** The action host's part, as ListEngineProvider plays it: a guarded modal, errors of the last attempt. */
function CouponHost({ send, initial = record, draft = { key: 'coupon:12' } }: DialogOptions) {
  const [opened, setOpened] = useState(true);
  const [failure, setFailure] = useState<{ errors: Record<string, string[]> | null; message: string | null }>({ errors: null, message: null });
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = async (body: CouponBody) => {
    setSubmitting(true);
    try {
      await send(body);
      setOpened(false);
      return true;
    } catch (error) {
      setFailure(error instanceof ValidationError ? { errors: error.errors, message: error.message } : { errors: null, message: String(error) });
      return false;
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <GuardedModal opened={opened} onClose={() => setOpened(false)} title="Edit coupon">
      <CouponDialog initial={initial} draft={draft} onSubmit={onSubmit} onCancel={() => setOpened(false)} submitting={submitting} {...failure} />
    </GuardedModal>
  );
}

function CouponDialog({
  initial,
  draft,
  errors,
  message,
  ...props
}: {
  initial: CouponValues;
  draft: DialogOptions['draft'];
  errors: Record<string, string[]> | null;
  message: string | null;
  onSubmit: (body: CouponBody) => Promise<boolean>;
  onCancel: () => void;
  submitting: boolean;
}) {
  const form = useContractForm({ schema: couponBody, initialValues: initial, transform: toBody, errors, draft });
  return (
    <FormDialog form={form} errors={errors} errorMessage={message} {...props}>
      <TextInput label="Code" data-autofocus {...form.getInputProps('code')} />
      <TextInput label="Name (French)" {...form.getInputProps('translations.fr.name')} />
      <TextInput label="Discount, %" {...form.getInputProps('services.0.discountPercent')} />
    </FormDialog>
  );
}

const renderHost = (options: DialogOptions) =>
  render(<CouponHost {...options} />, { wrapper: ({ children }) => <Providers staffId={7}>{children}</Providers> });
const field = (name: string) => screen.getByRole('textbox', { name });
const dialog = () => screen.queryByRole('dialog', { name: 'Edit coupon' });
const where = { staffId: 7, key: 'coupon:12' };

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('validation', () => {
  it('checks the body with the contract schema before sending, errors on their fields', async () => {
    const send = vi.fn().mockResolvedValue({});
    renderHost({ send });
    await userEvent.clear(field('Name (French)'));
    await userEvent.clear(field('Discount, %'));
    await userEvent.type(field('Discount, %'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The name (French) is required.')).toBeInTheDocument();
    // The body's services.0.discount_percent lands on the camel-case field.
    expect(screen.getByText('The discount may not be greater than 100.')).toBeInTheDocument();
    expect(field('Discount, %')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(send).not.toHaveBeenCalled();
    // The first field with an error takes the focus.
    expect(field('Name (French)')).toHaveFocus();

    await userEvent.type(field('Name (French)'), 'Printemps');
    await userEvent.clear(field('Discount, %'));
    await userEvent.type(field('Discount, %'), '15');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({ code: 'SPRING', translations: { fr: { name: 'Printemps' } }, services: [{ discount_percent: 15 }] }),
    );
    await waitFor(() => expect(dialog()).toBeNull());
  });
});

describe('server errors', () => {
  it('puts a 422 at depth on the nested fields and not in the alert', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ValidationError('The name has already been taken. (and 1 more error)', {
          'translations.fr.name': ['The name has already been taken.'],
          'services.0.discount_percent': ['The discount is above what this service allows.'],
        }),
      )
      .mockResolvedValueOnce({});
    renderHost({ send });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The name has already been taken.')).toBeInTheDocument();
    expect(screen.getByText('The discount is above what this service allows.')).toBeInTheDocument();
    expect(field('Name (French)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/and 1 more error/)).toBeNull();
    expect(dialog()).toBeInTheDocument();
    expect(field('Name (French)')).toHaveFocus();

    // Typing clears the field's message.
    await userEvent.type(field('Name (French)'), ' 2');
    expect(screen.queryByText('The name has already been taken.')).toBeNull();
  });

  it('shows an error with no field of the form in the alert', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ValidationError('The coupon limit is reached.', { max_coupons: ['The coupon limit is reached.'] }));
    renderHost({ send });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The coupon limit is reached.');
    expect(screen.getAllByText('The coupon limit is reached.')).toHaveLength(1);
    expect(dialog()).toBeInTheDocument();
  });

  it('shows the message of a failure that is not about fields', async () => {
    renderHost({ send: vi.fn().mockRejectedValueOnce('The coupon was changed by someone else.') });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The coupon was changed by someone else.');
  });
});

describe('composite fields', () => {
  const gradeBody = z.object({ translations: z.record(z.string(), z.object({ name: z.string() }).partial()) });

  function GradeDialog({ errors }: { errors: Record<string, string[]> | null }) {
    const form = useContractForm({ schema: gradeBody, initialValues: { translations: { en: { name: 'Gold' } } as Translations<'name'> }, errors });
    return (
      <FormDialog form={form} errors={errors} errorMessage="The given data was invalid." onSubmit={vi.fn()} onCancel={vi.fn()} submitting={false}>
        <TranslationsField<'name'> label="Names" fields={['name']} locales={['en', 'fr']} {...form.getInputProps('translations')} errors={form.errors} />
      </FormDialog>
    );
  }

  it('puts a server error at translations.fr.name under the French name of the translations field', async () => {
    render(<GradeDialog errors={{ 'translations.fr.name': ['The name (French) has already been taken.'] }} />, { wrapper: Providers });
    expect(await screen.findByText('The name (French) has already been taken.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name (French)' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('drafts', () => {
  it('restores unsaved changes after the dialog closes and opens again, until discarded', async () => {
    const first = renderHost({ send: vi.fn() });
    await userEvent.clear(field('Code'));
    await userEvent.type(field('Code'), 'SUMMER');
    first.unmount();
    expect(readDraft(where)?.values).toMatchObject({ code: 'SUMMER' });

    renderHost({ send: vi.fn() });
    expect(await screen.findByText('Restored your unsaved changes')).toBeInTheDocument();
    expect(field('Code')).toHaveValue('SUMMER');

    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(field('Code')).toHaveValue('SPRING');
    expect(screen.queryByText('Restored your unsaved changes')).toBeNull();
    expect(readDraft(where)).toBeNull();
  });

  it('writes the draft while typing, debounced', async () => {
    renderHost({ send: vi.fn() });
    await userEvent.type(field('Code'), '2');
    await waitFor(() => expect(readDraft(where)?.values).toMatchObject({ code: 'SPRING2' }));
  });

  it('forgets the draft after a successful save', async () => {
    const send = vi.fn().mockResolvedValue({});
    renderHost({ send });
    await userEvent.type(field('Code'), '2');
    await waitFor(() => expect(readDraft(where)).not.toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ code: 'SPRING2' }));
    expect(readDraft(where)).toBeNull();
  });

  it('drops a draft older than the record or started from other values', async () => {
    // Someone saved the coupon a minute after the draft was written.
    writeDraft(where, { savedAt: Date.now() - 120_000, base: record, values: { ...record, code: 'OLD' } });
    const stale = renderHost({ send: vi.fn(), draft: { key: 'coupon:12', updatedAt: new Date(Date.now() - 60_000).toISOString() } });
    expect(field('Code')).toHaveValue('SPRING');
    expect(readDraft(where)).toBeNull();
    stale.unmount();

    // Without updatedAt: the draft started from values the record no longer has.
    writeDraft(where, { savedAt: Date.now(), base: { ...record, code: 'WINTER' }, values: { ...record, code: 'WINTER2' } });
    const changed = renderHost({ send: vi.fn() });
    expect(field('Code')).toHaveValue('SPRING');
    expect(screen.queryByText('Restored your unsaved changes')).toBeNull();
    expect(readDraft(where)).toBeNull();
    changed.unmount();

    writeDraft(where, { savedAt: Date.now() - 60_000, base: record, values: { ...record, code: 'NEWER' } });
    renderHost({ send: vi.fn(), draft: { key: 'coupon:12', updatedAt: new Date(Date.now() - 120_000).toISOString() } });
    expect(await screen.findByText('Restored your unsaved changes')).toBeInTheDocument();
    expect(field('Code')).toHaveValue('NEWER');
  });

  it('keeps drafts per member, and a logout forgets that member’s', async () => {
    writeDraft({ staffId: 8, key: 'coupon:12' }, { savedAt: Date.now(), base: record, values: { ...record, code: 'OTHER' } });
    renderHost({ send: vi.fn() });
    expect(field('Code')).toHaveValue('SPRING');

    writeDraft(where, { savedAt: Date.now(), base: record, values: record });
    const off = forgetDraftsOnLogout();
    await runLogoutCallbacks({ userId: 7 });
    off();
    expect(readDraft(where)).toBeNull();
    expect(readDraft({ staffId: 8, key: 'coupon:12' })).not.toBeNull();
    clearDrafts(8);
    expect(readDraft({ staffId: 8, key: 'coupon:12' })).toBeNull();
  });
});

describe('leaving a changed dialog', () => {
  it('closes an unchanged dialog on Esc at once', async () => {
    renderHost({ send: vi.fn() });
    await userEvent.click(field('Code'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('asks on Esc when changed; keeping on editing keeps the values and the draft, Discard closes and forgets', async () => {
    renderHost({ send: vi.fn() });
    await userEvent.type(field('Code'), '2');
    await userEvent.keyboard('{Escape}');

    expect(await screen.findByText('Discard your changes?')).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByText('Discard your changes?')).toBeNull();
    expect(field('Code')).toHaveValue('SPRING2');
    await waitFor(() => expect(readDraft(where)).not.toBeNull());

    // The X asks the same.
    await userEvent.click(document.querySelector<HTMLElement>('.mantine-Modal-close')!);
    expect(await screen.findByText('Discard your changes?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(readDraft(where)).toBeNull();
  });

  it('asks on Cancel when changed; a second Esc while asking means stay', async () => {
    renderHost({ send: vi.fn() });
    await userEvent.type(field('Code'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Discard your changes?')).toBeInTheDocument();
    await act(async () => {
      await userEvent.keyboard('{Escape}');
    });
    expect(screen.queryByText('Discard your changes?')).toBeNull();
    expect(dialog()).toBeInTheDocument();
  });
});
