import { AUTH, groups, type ScreenEntry } from '../resource/area';

/**
 * The console's own screen rows — the ones no area owns: login, the set-password page and Home
 * (whose components areas give: resource/area.ts `coreComponents`), the finances redirect, and the
 * spec screens no area builds yet. Every other row is declared by its area (`defineArea` screens);
 * the app assembles them all at start-up (app/screens.ts) and installs the table here, below the
 * areas, for the navigation, the guards, the counters and the record links to read.
 */
export const CORE_SCREENS: readonly ScreenEntry[] = [
  { path: '/login', access: { kind: 'public' }, source: 'operations' },
  { path: '/set-password/:token', access: { kind: 'public' }, source: 'console' },
  { path: '/', access: AUTH, source: 'operations', go: 'h' },
  { path: '/finances', access: { kind: 'redirect', to: '/transactions' }, source: 'operations' },
  // A spec screen with no area yet: listed (its go keys are taken), not routed, so not in the navigation.
  {
    path: '/order-widgets',
    access: groups('OrderWidgets'),
    source: 'operations',
    nav: { label: 'Order widgets', section: 'catalogue', order: 10 },
    go: 'kw',
  },
];

let installed: readonly ScreenEntry[] = CORE_SCREENS;

/** Installs the assembled table (the core rows and every area's): app/screens.ts, once, at start-up. */
export function installScreens(screens: readonly ScreenEntry[]): void {
  installed = screens;
}

/** Every screen's row: the core rows until the app has installed the whole table. */
export const screenTable = (): readonly ScreenEntry[] => installed;
