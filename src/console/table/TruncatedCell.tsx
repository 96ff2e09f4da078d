import { useRef, type ReactNode } from 'react';
import type { Align } from './resource';
import classes from './ResourceTable.module.css';

/** The widest a cell grows when its column declares no width. */
export const DEFAULT_CELL_MAX_WIDTH = 200;

/**
 * A table cell's content on one line: a value longer than the column is cut with an ellipsis. The
 * whole value shows on hover (the browser's tooltip, set only when the text is cut) and on focus
 * (the focused row, and a link focused inside the cell, show their cells unwrapped).
 */
export function TruncatedCell({ width, align, children }: { width?: number | string; align?: Align; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const reveal = () => {
    const element = ref.current;
    if (!element) return;
    const cut = element.scrollWidth > element.clientWidth + 1;
    const text = cut ? (element.textContent ?? '').replace(/\s+/g, ' ').trim() : '';
    if (text) element.title = text;
    else element.removeAttribute('title');
  };
  return (
    <div
      ref={ref}
      className={classes.cell}
      style={{ maxWidth: width ?? DEFAULT_CELL_MAX_WIDTH, textAlign: align }}
      onMouseEnter={reveal}
      onFocus={reveal}
    >
      {children}
    </div>
  );
}
