import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SortableList, moveItem, renumber } from '../../../src/console/forms/fields';

afterEach(cleanup);

interface Info {
  id: number;
  title: string;
  sorting: number;
}
const INFOS: Info[] = [
  { id: 11, title: 'Spring sale', sorting: 1 },
  { id: 12, title: 'Summer sale', sorting: 2 },
  { id: 13, title: 'Winter sale', sorting: 3 },
];

function InfoForm({ onSave }: { onSave?: (ids: (string | number)[]) => void }) {
  const form = useForm<{ informations: Info[] }>({ mode: 'controlled', initialValues: { informations: INFOS } });
  return (
    <MantineProvider env="test">
      <SortableList<Info> label="Informations" getLabel={(i) => i.title} onSave={onSave} {...form.getInputProps('informations')} />
      <output data-testid="held">
        {form
          .getValues()
          .informations.map((i) => i.title)
          .join(' | ')}
      </output>
    </MantineProvider>
  );
}
const held = () => screen.getByTestId('held').textContent;
const titles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('SortableList with the Move buttons', () => {
  it('moves items, keeps the focus on the moved item and announces the move', async () => {
    const user = userEvent.setup();
    render(<InfoForm />);
    expect(screen.getByRole('list', { name: 'Informations' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Spring sale up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Winter sale down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Spring sale down' }));
    expect(held()).toBe('Summer sale | Spring sale | Winter sale');
    expect(titles().map((t) => t?.replace(/^\d+\./, ''))).toEqual(['Summer sale', 'Spring sale', 'Winter sale']);
    expect(screen.getByText('Spring sale moved to position 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Spring sale down' })).toHaveFocus());

    // At the bottom the down button is disabled: the focus goes to the up button.
    await user.keyboard('{Enter}');
    expect(held()).toBe('Summer sale | Winter sale | Spring sale');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Spring sale up' })).toHaveFocus());
    await user.keyboard('{Enter}{Enter}');
    expect(held()).toBe('Spring sale | Summer sale | Winter sale');
  });

  it('saves the ids in their order', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<InfoForm onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Move Winter sale up' }));
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    expect(onSave).toHaveBeenCalledWith([11, 13, 12]);
  });

  it('does nothing when an empty list is saved', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(
      <MantineProvider env="test">
        <SortableList<Info> label="Positions" value={[]} onChange={() => {}} getLabel={(i) => i.title} onSave={onSave} />
      </MantineProvider>,
    );
    expect(screen.getByText('Nothing to order.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save order' });
    expect(save).toBeDisabled();
    await user.click(save);
    fireEvent.click(save);
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('SortableList by keyboard (dnd-kit)', () => {
  // happy-dom lays nothing out: give each list item a 40px row so dnd-kit can measure the list.
  const original = Element.prototype.getBoundingClientRect;
  beforeAll(() => {
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const li = this.closest('li');
      const index = li?.parentElement ? Array.from(li.parentElement.children).indexOf(li) : 0;
      const top = index * 50;
      return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 40, width: 300, height: 40, toJSON() {} } as DOMRect;
    };
  });
  afterAll(() => {
    Element.prototype.getBoundingClientRect = original;
  });

  it('picks an item up with space, moves it with the arrows, drops it with space, announcing each step', async () => {
    render(<InfoForm />);
    const handle = screen.getByRole('button', { name: 'Reorder Spring sale' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(document.getElementById(handle.getAttribute('aria-describedby')!)).toHaveTextContent('To pick up an item, press space or enter.');

    handle.focus();
    fireEvent.keyDown(handle, { key: ' ', code: 'Space' });
    await waitFor(() => expect(document.body).toHaveTextContent('Picked up Spring sale. It is in position 1 of 3.'));

    fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(document.body).toHaveTextContent('Spring sale was moved into position 2 of 3.'));

    fireEvent.keyDown(document, { key: ' ', code: 'Space' });
    await waitFor(() => expect(held()).toBe('Summer sale | Spring sale | Winter sale'));
    expect(document.body).toHaveTextContent('Spring sale was dropped at position 2 of 3.');
  });

  it('escape cancels a move and leaves the order as it was', async () => {
    render(<InfoForm />);
    const handle = screen.getByRole('button', { name: 'Reorder Summer sale' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(document.body).toHaveTextContent('Picked up Summer sale. It is in position 2 of 3.'));
    fireEvent.keyDown(document, { key: 'ArrowDown', code: 'ArrowDown' });
    await act(async () => {});
    fireEvent.keyDown(document, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(document.body).toHaveTextContent('Moving was cancelled.'));
    expect(held()).toBe('Spring sale | Summer sale | Winter sale');
  });
});

describe('sorting helpers', () => {
  it('renumber gives positions 1..n in list order', () => {
    expect(
      renumber([
        { id: 'b', sorting: 7 },
        { id: 'a', sorting: 2 },
      ]),
    ).toEqual([
      { id: 'b', sorting: 1 },
      { id: 'a', sorting: 2 },
    ]);
    expect(renumber([{ id: 1 }, { id: 2 }], 'position')).toEqual([
      { id: 1, position: 1 },
      { id: 2, position: 2 },
    ]);
    expect(renumber([])).toEqual([]);
  });

  it('moveItem moves within bounds and copies the list', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 2, -5)).toEqual(['c', 'a', 'b']);
    expect(moveItem(list, 9, 0)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
