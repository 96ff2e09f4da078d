import { NAV_ITEMS, type NavSection } from '../nav';

/**
 * "Go to" sequences: press g, then a screen's key (g o = Orders). The screens, their labels and
 * who may open them come from the navigation (app/nav.ts); this table only adds one key per
 * screen. Keys are lower-case letters (a mnemonic where the initial is taken: v for serVices,
 * y for loYalty, k for hooKs), plus ',' for Panel settings, the settings key of desktop apps.
 *
 *   h Home             t Transactions        v Services               n Coupons
 *   o Orders           i Invoices            p Providers              z Discounts
 *   s Subscriptions    w Withdrawals         e External panel orders  x Special offers
 *   c Combo orders     m Payment methods     , Panel settings         y Loyalty program
 *   d Drip-feed        a Audit log           k Webhooks               r Referral program
 *   u Users            l Change logs         j Staff                  b Banners
 *   f Free trials      q Free-trial quests
 *
 * Twenty-six letters do not cover twenty-eight screens: Order widgets and Targets, visited
 * rarely, have no key (the navigation and the command palette reach them). 'g' itself is never a
 * second key, so a double press simply restarts the sequence.
 */
export const GO_PREFIX = 'g';

/** How long the second key is awaited after g. */
export const GO_TIMEOUT_MS = 1500;

export const HOME_PATH = '/';
export const HOME_LABEL = 'Home';

export const GO_KEYS: Readonly<Record<string, string>> = {
  [HOME_PATH]: 'h',
  '/orders': 'o',
  '/subscriptions': 's',
  '/combo-orders': 'c',
  '/drip-feed': 'd',
  '/users': 'u',
  '/requests': 'f',
  '/quests': 'q',
  '/transactions': 't',
  '/invoices': 'i',
  '/withdrawal': 'w',
  '/payment-methods': 'm',
  '/services': 'v',
  '/providers': 'p',
  '/external-panel-orders': 'e',
  '/coupons': 'n',
  '/discounts': 'z',
  '/special-offers': 'x',
  '/loyalty-program': 'y',
  '/referral-program': 'r',
  '/banners': 'b',
  '/panel-settings': ',',
  '/webhooks': 'k',
  '/staff': 'j',
  '/change-logs': 'l',
  '/audit-log': 'a',
};

/** A screen reachable by a go sequence. */
export interface GoTarget {
  key: string;
  path: string;
  label: string;
}

// A mistake in the table fails at import time (and in the tests), not at key-press time.
(function assertGoKeys() {
  const seen = new Map<string, string>();
  for (const [path, key] of Object.entries(GO_KEYS)) {
    if (path !== HOME_PATH && !NAV_ITEMS.some((item) => item.path === path)) throw new Error(`Go key '${key}': '${path}' is not a navigation entry`);
    if (!/^[a-z,]$/.test(key) || key === GO_PREFIX) throw new Error(`Go key '${key}' of '${path}' must be one lower-case letter (not g) or ','`);
    const other = seen.get(key);
    if (other) throw new Error(`Go key '${key}' is used by '${other}' and '${path}'`);
    seen.set(key, path);
  }
})();

/**
 * The go targets of the screens this member sees, in navigation order: Home first (when it may
 * be opened), then each visible navigation entry that has a key.
 */
export function goTargets(sections: readonly NavSection[], homeAllowed: boolean): GoTarget[] {
  const targets: GoTarget[] = homeAllowed ? [{ key: GO_KEYS[HOME_PATH], path: HOME_PATH, label: HOME_LABEL }] : [];
  for (const section of sections) {
    for (const item of section.items) {
      const key = GO_KEYS[item.path];
      if (key) targets.push({ key, path: item.path, label: item.label });
    }
  }
  return targets;
}
