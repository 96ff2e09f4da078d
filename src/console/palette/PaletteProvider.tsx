import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useListEngine } from '../list/engineContext';
import type { ListEngineStore } from '../list/engineStore';
import type { AnyResource } from '../resource/resource';
import { prepareNavCommands, type NavCommand } from './navigation';

/**
 * Mounts the palette once for the signed-in app and opens it on Ctrl+K / Cmd+K from any screen
 * (also from inside a text field: the shortcut belongs to the palette everywhere).
 *
 * The palette's interface is its own chunk, fetched when the browser is first idle after start-up
 * (within a second; never before the first screen's rows), when Ctrl or Cmd goes down, or at once
 * on Ctrl+K: the entry chunk keeps only what it reads (the resource declarations), and the first
 * Ctrl+K after sign-in finds it loaded (bench/shift-start.ts measures it).
 */
const loadPalette = () => import('./CommandPalette');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));

interface PaletteControls {
  open: () => void;
}

const PaletteContext = createContext<PaletteControls>({ open: () => {} });

/** Opens the palette (the header's search button). */
export const usePalette = (): PaletteControls => useContext(PaletteContext);

export const isPaletteShortcut = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

const FOCUS_WAIT_MS = 4000;

/**
 * After the palette opens a list, the keyboard belongs to that list (j/k, action letters): wait
 * for the list to report itself, then focus it.
 */
function focusListAt(store: ListEngineStore, path: string): void {
  let done = false;
  const finish = () => {
    done = true;
    unsubscribe();
    clearTimeout(timer);
  };
  const tryFocus = () => {
    const active = store.getActive();
    if (done || active?.resource.path !== path) return;
    finish();
    active.controls.focus();
  };
  const unsubscribe = store.subscribe(tryFocus);
  const timer = setTimeout(finish, FOCUS_WAIT_MS);
  tryFocus();
}

export interface PaletteProviderProps {
  resources: readonly AnyResource[];
  navigation: readonly NavCommand[];
  navigate: (href: string) => void | Promise<void>;
  children: ReactNode;
}

export function PaletteProvider({ resources, navigation, navigate, children }: PaletteProviderProps) {
  const { store } = useListEngine();
  const [opened, setOpened] = useState(false);
  const prepared = useMemo(() => prepareNavCommands(navigation), [navigation]);
  const open = useCallback(() => setOpened(true), []);
  const close = useCallback(() => setOpened(false), []);

  // Mounted once loaded (or once asked for): until then nothing of it renders.
  const [wanted, setWanted] = useState(false);
  // Typed after Ctrl+K before the palette's input has the focus (its chunk still loading, or its
  // dialog still opening): kept for that input, and kept from the screen below, where letters are
  // shortcuts. The input takes it when it is focused.
  const typed = useRef('');
  useEffect(() => {
    const load = () => void loadPalette().then(() => setWanted(true));
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 500);
      return () => clearTimeout(timer);
    }
    // A second at most: a moderator reaches for Ctrl+K within moments of signing in, and a busy
    // machine may not be idle for long after the first screen.
    const handle = requestIdleCallback(load, { timeout: 1000 });
    // Holding Ctrl or Cmd is the first half of the shortcut: start fetching then, a few hundred
    // milliseconds before the K.
    const onModifier = (event: KeyboardEvent) => {
      if (event.key === 'Control' || event.key === 'Meta') load();
    };
    document.addEventListener('keydown', onModifier, { capture: true, once: true });
    return () => {
      cancelIdleCallback(handle);
      document.removeEventListener('keydown', onModifier, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (!opened) {
      typed.current = '';
      return;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (isPaletteShortcut(event) || event.ctrlKey || event.metaKey || event.altKey) return;
      // Inside the palette's dialog keys are its own.
      if (event.target instanceof Element && event.target.closest('[data-command-palette]')) return;
      if (event.key.length === 1) typed.current += event.key;
      else if (event.key === 'Backspace') typed.current = typed.current.slice(0, -1);
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [opened]);
  const typedAhead = useCallback(() => {
    const text = typed.current;
    typed.current = '';
    return text;
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpened((o) => !o);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, []);

  const go = useCallback(
    async (href: string) => {
      await navigate(href);
      const path = href.split('?')[0];
      if (resources.some((r) => r.path === path)) focusListAt(store, path);
    },
    [navigate, resources, store],
  );

  const controls = useMemo(() => ({ open }), [open]);
  return (
    <PaletteContext.Provider value={controls}>
      {children}
      {(wanted || opened) && (
        <Suspense fallback={null}>
          <CommandPalette opened={opened} onClose={close} resources={resources} navigation={prepared} navigate={go} typedAhead={typedAhead} />
        </Suspense>
      )}
    </PaletteContext.Provider>
  );
}
