import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useListEngine } from '../table/engineContext';
import type { ListEngineStore } from '../table/engineStore';
import type { AnyResource } from '../table/resource';
import { prepareNavCommands, type NavCommand } from './navigation';

/**
 * Mounts the palette once for the signed-in app and opens it on Ctrl+K / Cmd+K from any screen
 * (also from inside a text field: the shortcut belongs to the palette everywhere).
 *
 * The palette's interface is its own chunk, fetched right after the app's first render: the
 * entry chunk keeps only what it reads (the resource declarations), and Ctrl+K finds it loaded.
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

  useEffect(() => {
    void loadPalette();
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
      <Suspense fallback={null}>
        <CommandPalette opened={opened} onClose={close} resources={resources} navigation={prepared} navigate={go} />
      </Suspense>
    </PaletteContext.Provider>
  );
}
