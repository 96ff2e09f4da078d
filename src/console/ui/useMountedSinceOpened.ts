import { useRef } from 'react';

/**
 * True from the first time `opened` is true, and from then on: a dialog rendered only after its
 * first use stays mounted when closed, so what was typed in it survives a close and it can play
 * its closing transition. Idle dialogs are no part of a screen's first render.
 */
export function useMountedSinceOpened(opened: boolean): boolean {
  const seen = useRef(false);
  if (opened) seen.current = true;
  return seen.current;
}
