import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import classes from './HintLayer.module.css';

/**
 * One tooltip for every element marked with `data-hint` (hintProps): shown on hover and on
 * keyboard focus after a short delay, above the element (below when there is no room), hidden on
 * leave, blur, scroll or Escape; while shown the element is described by it (aria-describedby).
 *
 * Why not Mantine's Tooltip: a list cell with a hint (a cost's exact value) repeats on every row,
 * and each Tooltip mounts its own floating positioning, which made them a tenth of a list's first
 * render. One delegated layer costs nothing until a hint is shown.
 */
export const HINT_ID = 'panel-console-hint';
const OPEN_DELAY_MS = 100;
const GAP = 6;

/** The attributes that give an element a hint (focusable, so keyboard users reach it). */
export function hintProps(hint: string): { 'data-hint': string; tabIndex: 0 } {
  return { 'data-hint': hint, tabIndex: 0 };
}

interface Shown {
  text: string;
  target: HTMLElement;
}

const hinted = (node: EventTarget | null): HTMLElement | null => (node instanceof Element ? (node.closest<HTMLElement>('[data-hint]') ?? null) : null);

export function HintLayer() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const hintRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | null = null;
    const hide = () => {
      clearTimeout(timer);
      if (current?.getAttribute('aria-describedby') === HINT_ID) current.removeAttribute('aria-describedby');
      current = null;
      setShown(null);
    };
    const showSoon = (target: HTMLElement | null) => {
      if (!target || target === current) return;
      hide();
      current = target;
      timer = setTimeout(() => {
        const text = target.dataset.hint;
        if (!text || !target.isConnected) return;
        if (!target.hasAttribute('aria-describedby')) target.setAttribute('aria-describedby', HINT_ID);
        setShown({ text, target });
      }, OPEN_DELAY_MS);
    };
    const onOver = (event: PointerEvent) => showSoon(hinted(event.target));
    const onOut = (event: PointerEvent) => {
      if (current && !current.contains(event.relatedTarget as Node | null)) hide();
    };
    const onFocusIn = (event: FocusEvent) => showSoon(hinted(event.target));
    const onFocusOut = () => hide();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && current) hide();
    };
    const listeners: [EventTarget, string, (event: never) => void, boolean][] = [
      [document, 'pointerover', onOver, false],
      [document, 'pointerout', onOut, false],
      [document, 'focusin', onFocusIn, false],
      [document, 'focusout', onFocusOut, false],
      [document, 'keydown', onKeyDown, true],
      [window, 'scroll', hide, true],
    ];
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener as EventListener, capture);
    return () => {
      hide();
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener as EventListener, capture);
    };
  }, []);

  // Placed once drawn (its size is known): centred over the element, kept inside the window.
  useEffect(() => {
    const hint = hintRef.current;
    if (!shown || !hint) return setPosition(null);
    const anchor = shown.target.getBoundingClientRect();
    const { width, height } = hint.getBoundingClientRect();
    const above = anchor.top - GAP - height;
    const top = above >= 0 ? above : anchor.bottom + GAP;
    const left = Math.min(Math.max(anchor.left + anchor.width / 2 - width / 2, GAP), window.innerWidth - width - GAP);
    setPosition({ top, left });
  }, [shown]);

  if (!shown) return null;
  return createPortal(
    <div ref={hintRef} id={HINT_ID} role="tooltip" className={classes.hint} style={position ?? { top: 0, left: 0, visibility: 'hidden' }}>
      {shown.text}
    </div>,
    document.body,
  );
}
