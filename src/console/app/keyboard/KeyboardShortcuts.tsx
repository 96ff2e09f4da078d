import { useRouter } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useCanNavigate, useNav } from '../../navigation/useRegisteredRoutes';
import { GoSequenceHint } from './GoSequenceHint';
import { goTargets, HOME_PATH } from './goKeys';
import { ShortcutsOverlay } from './ShortcutsOverlay';
import { useGlobalShortcuts } from './useGlobalShortcuts';

const OverlayContext = createContext<{ open: () => void }>({ open: () => {} });

/** Opens the shortcuts overlay (the account menu's "Keyboard shortcuts", for mouse users). */
export const useShortcutsOverlay = () => useContext(OverlayContext);

/**
 * The app-wide keyboard layer of the signed-in shell: go sequences to the screens this member
 * may open, the ? overlay and the pending-sequence hint. Mounted once, inside the router and the
 * list engine (the overlay lists the active list's action shortcuts).
 */
export function KeyboardShortcuts({ children }: { children?: ReactNode }) {
  const router = useRouter();
  const sections = useNav();
  const canNavigate = useCanNavigate();
  const targets = useMemo(() => goTargets(sections, canNavigate(HOME_PATH)), [sections, canNavigate]);
  const [overlayOpen, setOverlayOpen] = useState(false);

  const go = useCallback(
    (path: string) => {
      setOverlayOpen(false);
      void router.navigate({ href: path });
    },
    [router],
  );
  const toggleOverlay = useCallback(() => setOverlayOpen((open) => !open), []);
  const closeOverlay = useCallback(() => setOverlayOpen(false), []);
  const { goPending, goTyped } = useGlobalShortcuts({ targets, onGo: go, overlayOpen, onToggleOverlay: toggleOverlay });
  const overlay = useMemo(() => ({ open: () => setOverlayOpen(true) }), []);

  return (
    <OverlayContext.Provider value={overlay}>
      {children}
      <GoSequenceHint pending={goPending} typed={goTyped} />
      <ShortcutsOverlay opened={overlayOpen} onClose={closeOverlay} goTargets={targets} />
    </OverlayContext.Provider>
  );
}
