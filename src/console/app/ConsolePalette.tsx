import { useRouter } from '@tanstack/react-router';
import { useCallback, useMemo, type ReactNode } from 'react';
import { PaletteProvider } from '../palette/PaletteProvider';
import { collectionCommands, statusViewCommands, type NavCommand } from '../palette/navigation';
import { COUNTER_LINKS } from '../realtime/counters';
import { NAV_SECTIONS } from '../navigation/nav';
import { CONSOLE_RESOURCES } from './areas';
import { useSession } from '../session/SessionContext';
import { useCanNavigate, useNav } from '../navigation/useRegisteredRoutes';

const toHref = (to: string, search: Record<string, string | boolean>): string => {
  const query = new URLSearchParams(Object.entries(search).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${to}?${query}` : to;
};

/**
 * The palette's screens for this member: Home, the navigation, the counters' filtered lists and
 * each list's status views, only where the member may go (the same checks as the navbar).
 */
export function useNavCommands(): NavCommand[] {
  const sections = useNav();
  const canOpen = useCanNavigate();
  const { can } = useSession();
  return useMemo(() => {
    const commands: NavCommand[] = [{ id: 'home', title: 'Home', href: '/', hint: 'Dashboard', keywords: 'dashboard start' }];
    for (const section of sections) {
      const label = NAV_SECTIONS.find((s) => s.id === section.id)?.label;
      for (const item of section.items) commands.push({ id: `nav:${item.path}`, title: item.label, href: item.path, hint: label });
    }
    for (const link of COUNTER_LINKS) {
      if (!canOpen(link.to)) continue;
      commands.push({
        id: `counter:${link.key}`,
        title: link.noun.charAt(0).toUpperCase() + link.noun.slice(1),
        href: toHref(link.to, link.search),
        hint: 'Counter',
        keywords: link.label,
      });
    }
    commands.push(...statusViewCommands(CONSOLE_RESOURCES, canOpen));
    commands.push(...collectionCommands(CONSOLE_RESOURCES, canOpen, can));
    // A counter's list and a status view can be the same address: offer it once (the first, named one).
    const seen = new Set<string>();
    return commands.filter((c) => c.collection || (seen.has(c.href) ? false : (seen.add(c.href), true)));
  }, [sections, canOpen, can]);
}

/** Mounts the command palette with the app's resources, screens and router. */
export function ConsolePalette({ children }: { children: ReactNode }) {
  const router = useRouter();
  const navigation = useNavCommands();
  const navigate = useCallback((href: string) => router.navigate({ href }), [router]);
  return (
    <PaletteProvider resources={CONSOLE_RESOURCES} navigation={navigation} navigate={navigate}>
      {children}
    </PaletteProvider>
  );
}
