import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsToFillWindow, useFirstPaintRows } from '../../../src/console/table/useFirstPaintRows';

afterEach(cleanup);

const ROWS = Array.from({ length: 100 }, (_, i) => i + 1);

function Rows({ rows }: { rows: number[] }) {
  const shown = useFirstPaintRows(rows, 'comfortable');
  return (
    <ul aria-label="rows">
      {shown.map((row) => (
        <li key={row}>row {row}</li>
      ))}
    </ul>
  );
}

describe('a list first renders the rows that fill the window, then the whole page', () => {
  it("counts the rows a window holds below the list's toolbar at the smallest row height of each density", () => {
    // (720 - 150) / 36 = 15.8 -> 16 rows, and one more.
    expect(rowsToFillWindow('comfortable', 720)).toBe(17);
    expect(rowsToFillWindow('compact', 720)).toBe(25);
    expect(rowsToFillWindow('comfortable', 100)).toBe(1);
    expect(rowsToFillWindow('comfortable', 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('renders the first rows on mount and every row right after, and every change in full', async () => {
    const first = rowsToFillWindow('comfortable');
    let renders: number[] = [];
    function Counting({ rows }: { rows: number[] }) {
      const shown = useFirstPaintRows(rows, 'comfortable');
      renders.push(shown.length);
      return <Rows rows={shown} />;
    }
    const { rerender } = render(<Counting rows={ROWS} />);
    expect(renders[0]).toBe(first);
    expect(first).toBeLessThan(ROWS.length);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(100));
    expect(screen.getByText('row 100')).toBeInTheDocument();
    renders = [];
    await act(async () => rerender(<Counting rows={ROWS.map((n) => n + 1000)} />));
    expect(renders.every((n) => n === 100)).toBe(true);
  });

  it('renders a short page whole from the start', () => {
    render(<Rows rows={ROWS.slice(0, 5)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });
});
