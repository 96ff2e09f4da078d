import { startTransition, useEffect, useState } from 'react';
import type { Density } from './density';

/** The smallest a row is drawn (px), per density: the first paint renders enough rows to fill the window. */
const MIN_ROW_HEIGHT: Record<Density, number> = { comfortable: 36, compact: 24 };

/**
 * The least a list's rows start below the window's top (px): the shell's header, the list's
 * toolbar and its column headers take more than this on every screen.
 */
const LIST_TOP_MIN = 150;

/** How many rows fill a window of this height (all of them when the window's height is unknown). */
export function rowsToFillWindow(density: Density, windowHeight = typeof window === 'undefined' ? 0 : window.innerHeight): number {
  return windowHeight > 0 ? Math.ceil(Math.max(windowHeight - LIST_TOP_MIN, 0) / MIN_ROW_HEIGHT[density]) + 1 : Number.POSITIVE_INFINITY;
}

/**
 * The rows a list renders while it mounts: on its first render only those that can be on screen,
 * then the whole page in a transition after that first paint. A reload that has the page in the
 * cache paints its rows sooner (a list row costs a few milliseconds of rendering on a slow machine,
 * and a page can hold a hundred), and React renders the rest in slices that give way to the
 * member's keys and clicks. After the mount every change renders every row at once.
 */
export function useFirstPaintRows<Row>(rows: Row[], density: Density): Row[] {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // After the first paint (the frame after the commit), not in the commit's own task.
    const renderAll = () => startTransition(() => setMounted(true));
    if (typeof requestAnimationFrame !== 'function') {
      const timer = setTimeout(renderAll, 0);
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(renderAll);
    return () => cancelAnimationFrame(frame);
  }, []);
  const first = rowsToFillWindow(density);
  return mounted || rows.length <= first ? rows : rows.slice(0, first);
}
