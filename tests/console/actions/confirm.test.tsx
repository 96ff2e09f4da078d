import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ConfirmDialogHost } from '../../../src/console/ui/ConfirmDialog';
import { ACTION_CONFIRM_DEFAULTS, cancelAllConfirms, confirm, CONFIRM_MAX_WIDTH } from '../../../src/console/ui/confirm';

function mount() {
  return render(
    <MantineProvider env="test">
      <button type="button">Approve order 12</button>
      <ConfirmDialogHost />
    </MantineProvider>,
  );
}

afterEach(() => {
  act(() => cancelAllConfirms());
  cleanup();
});

describe('confirm()', () => {
  it('shows the texts, defaults Agree / Disagree, and resolves true on agree, running the callback', async () => {
    mount();
    const onAgree = vi.fn();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Delete the banner?', body: 'It disappears from the storefront.', onAgree });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete the banner?' });
    expect(dialog).toHaveTextContent('It disappears from the storefront.');
    expect(screen.getByRole('button', { name: 'Disagree' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Agree' }));
    await expect(answer).resolves.toBe(true);
    expect(onAgree).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('disagree resolves false and never runs the callback', async () => {
    mount();
    const onAgree = vi.fn();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Cancel 3 orders?', onAgree });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Disagree' }));
    await expect(answer).resolves.toBe(false);
    expect(onAgree).not.toHaveBeenCalled();
  });

  it('uses the list-action defaults when asked: Confirm your move / Proceed / Cancel', async () => {
    mount();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ ...ACTION_CONFIRM_DEFAULTS, body: 'Approve order 12?' });
    });
    await screen.findByRole('dialog', { name: 'Confirm your move' });
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('Enter agrees and Esc disagrees', async () => {
    mount();
    let first!: Promise<boolean>;
    act(() => {
      first = confirm({ title: 'First?' });
    });
    await screen.findByRole('dialog', { name: 'First?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Agree' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(first).resolves.toBe(true);

    let second!: Promise<boolean>;
    act(() => {
      second = confirm({ title: 'Second?' });
    });
    await screen.findByRole('dialog', { name: 'Second?' });
    await userEvent.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });

  it('keeps focus inside the dialog and returns it to the opener', async () => {
    mount();
    const opener = screen.getByRole('button', { name: 'Approve order 12' });
    opener.focus();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Trap?' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Trap?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Disagree' }));
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('shows queued requests one after another', async () => {
    mount();
    let a!: Promise<boolean>;
    let b!: Promise<boolean>;
    act(() => {
      a = confirm({ title: 'A?' });
      b = confirm({ title: 'B?' });
    });
    await screen.findByRole('dialog', { name: 'A?' });
    await userEvent.click(screen.getByRole('button', { name: 'Agree' }));
    await screen.findByRole('dialog', { name: 'B?' });
    await userEvent.click(screen.getByRole('button', { name: 'Disagree' }));
    await expect(a).resolves.toBe(true);
    await expect(b).resolves.toBe(false);
  });

  it('is at most 600 px wide', async () => {
    mount();
    act(() => {
      void confirm({ title: 'Wide?' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Wide?' });
    const sized =
      dialog.closest('[style*="--modal-size"]') ?? dialog.querySelector('[style*="--modal-size"]') ?? dialog.parentElement!.closest('[style*="--modal-size"]');
    expect(CONFIRM_MAX_WIDTH).toBe(600);
    // Mantine writes sizes in rem: 600px = 37.5rem.
    expect(sized?.getAttribute('style')).toMatch(/--modal-size:\s*calc\(37\.5rem/);
  });

  it('Enter agrees when focus is elsewhere in the dialog', async () => {
    mount();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Body focus?', body: 'Text' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Body focus?' });
    dialog.setAttribute('tabindex', '-1');
    dialog.focus();
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toBe(true);
  });
});
