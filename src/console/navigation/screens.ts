import type { RouteGroup } from '../../contract/permissions';

/**
 * SCREENS: every screen of the console in one table — its path, who may open it, its navigation
 * entry and its go sequence. Route guards (app/guard.ts), the navigation (app/nav.ts), the g
 * sequences and the "?" overlay (app/keyboard) all read it; areas only give the screens'
 * components (src/console/resource/area.ts), by path.
 *
 * Access kinds:
 * - public: no auth flag (the login screen);
 * - auth: login only (Home, banners "no restriction shown");
 * - groups: login and the permission of any listed route group (contract/permissions.ts);
 * - redirect: login, then another path (finances -> transactions).
 *
 * Paths are written as in the spec, with `:param` segments. `source` says which spec route table
 * lists the path; 'console' marks the screens the spec has no route for, named here
 * (networks, service types, packages, auto-promotions).
 *
 * Go sequences: g, then one key or two. They are prefix-free (no sequence begins another), so a
 * one-key screen opens at once: the frequent screens have one key, the rest two keys grouped by
 * section — m for marketing, k for the catalogue, y for configuration, b for billing.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'auth' } | { kind: 'groups'; groups: readonly RouteGroup[] } | { kind: 'redirect'; to: string };

export type NavSectionId = 'operations' | 'finance' | 'catalogue' | 'marketing' | 'configuration' | 'logs';

export interface ScreenEntry {
  /** Spec path, absolute, `:param` segments. */
  path: string;
  access: RouteAccess;
  source: 'operations' | 'catalogue' | 'both' | 'console';
  /** The navigation entry (list screens). */
  nav?: { label: string; section: NavSectionId };
  /** The keys after g (one or two lower-case letters, or ','). */
  go?: string;
}

const groups = (...list: RouteGroup[]): RouteAccess => ({ kind: 'groups', groups: list });
const AUTH: RouteAccess = { kind: 'auth' };

export const SCREENS: readonly ScreenEntry[] = [
  { path: '/login', access: { kind: 'public' }, source: 'operations' },
  { path: '/set-password/:token', access: { kind: 'public' }, source: 'console' },
  { path: '/', access: AUTH, source: 'operations', go: 'h' },
  // Operations: orders, users, finance, free trials, logs
  { path: '/orders', access: groups('Orders'), source: 'operations', nav: { label: 'Orders', section: 'operations' }, go: 'o' },
  { path: '/orders/:id', access: groups('Orders'), source: 'operations' },
  { path: '/subscriptions', access: groups('Orders'), source: 'operations', nav: { label: 'Subscriptions', section: 'operations' }, go: 's' },
  { path: '/subscriptions/:id', access: groups('Orders'), source: 'operations' },
  { path: '/combo-orders', access: groups('Orders'), source: 'operations', nav: { label: 'Combo orders', section: 'operations' }, go: 'c' },
  { path: '/drip-feed', access: groups('DripFeed'), source: 'operations', nav: { label: 'Drip-feed', section: 'operations' }, go: 'd' },
  { path: '/users', access: groups('Users'), source: 'operations', nav: { label: 'Users', section: 'operations' }, go: 'u' },
  { path: '/users/:id', access: groups('Users'), source: 'operations' },
  { path: '/requests', access: groups('FreeTrials'), source: 'operations', nav: { label: 'Free trials', section: 'operations' }, go: 'f' },
  { path: '/requests/:id', access: groups('FreeTrials'), source: 'console' },
  { path: '/quests', access: groups('FreeTrials'), source: 'operations', nav: { label: 'Free-trial quests', section: 'operations' }, go: 'q' },
  { path: '/quests/:id', access: groups('FreeTrials'), source: 'console' },
  { path: '/transactions', access: groups('Transactions'), source: 'operations', nav: { label: 'Transactions', section: 'finance' }, go: 't' },
  { path: '/finances', access: { kind: 'redirect', to: '/transactions' }, source: 'operations' },
  { path: '/invoices', access: groups('Invoices'), source: 'operations', nav: { label: 'Invoices', section: 'finance' }, go: 'i' },
  { path: '/withdrawal', access: groups('Withdrawal'), source: 'operations', nav: { label: 'Withdrawals', section: 'finance' }, go: 'w' },
  { path: '/payment-methods', access: groups('PaymentMethods'), source: 'operations', nav: { label: 'Payment methods', section: 'finance' }, go: 'bm' },
  { path: '/payment-method-bonuses/:id', access: groups('PaymentMethods'), source: 'operations' },
  { path: '/order-widgets', access: groups('OrderWidgets'), source: 'operations', nav: { label: 'Order widgets', section: 'catalogue' }, go: 'kw' },
  { path: '/change-logs', access: groups('ChangeLogs'), source: 'operations', nav: { label: 'Change logs', section: 'logs' }, go: 'l' },
  // Service logs: the API has their calls but no screen path; they read as change logs.
  { path: '/service-logs', access: groups('ChangeLogs'), source: 'console', nav: { label: 'Service logs', section: 'logs' }, go: 'yl' },
  // both tables
  { path: '/services', access: groups('Services'), source: 'both', nav: { label: 'Services', section: 'catalogue' }, go: 'v' },
  { path: '/services/create', access: groups('Services'), source: 'both' },
  { path: '/services/:id', access: groups('Services'), source: 'both' },
  { path: '/providers', access: groups('Providers'), source: 'both', nav: { label: 'Provider services', section: 'catalogue' }, go: 'kp' },
  { path: '/providers/:id', access: groups('Providers'), source: 'console' },
  { path: '/external-panels', access: groups('ExternalPanels'), source: 'console', nav: { label: 'Providers', section: 'catalogue' }, go: 'p' },
  { path: '/external-panels/:id', access: groups('ExternalPanels'), source: 'both' },
  { path: '/external-panels/:id/sync', access: groups('ExternalPanels'), source: 'console' },
  { path: '/provider-sync-runs/:id', access: groups('ExternalPanels'), source: 'console' },
  { path: '/below-margin', access: groups('ExternalPanels', 'Providers'), source: 'console', nav: { label: 'Below margin', section: 'catalogue' }, go: 'km' },
  { path: '/provider-health', access: groups('ExternalPanels'), source: 'console', nav: { label: 'Provider health', section: 'catalogue' }, go: 'kh' },
  {
    path: '/external-panel-orders',
    access: groups('ExternalPanelOrders'),
    source: 'both',
    nav: { label: 'External panel orders', section: 'catalogue' },
    go: 'e',
  },
  { path: '/targets', access: groups('Targets'), source: 'both', nav: { label: 'Targets', section: 'catalogue' }, go: 'kr' },
  { path: '/coupons', access: groups('Coupons'), source: 'both', nav: { label: 'Coupons', section: 'marketing' }, go: 'mc' },
  { path: '/coupons/:id', access: groups('Coupons'), source: 'console' },
  { path: '/discounts', access: groups('Discounts'), source: 'both', nav: { label: 'Discounts', section: 'marketing' }, go: 'md' },
  { path: '/discounts/:id', access: groups('Discounts'), source: 'console' },
  { path: '/special-offers', access: groups('Discounts'), source: 'both', nav: { label: 'Special offers', section: 'marketing' }, go: 'mo' },
  { path: '/special-offers/:id', access: groups('Discounts'), source: 'console' },
  { path: '/loyalty-program', access: groups('ManageGrades', 'ViewGrades'), source: 'both', nav: { label: 'Loyalty program', section: 'marketing' }, go: 'ml' },
  { path: '/loyalty-program/:id', access: groups('ManageGrades', 'ViewGrades'), source: 'console' },
  {
    path: '/price-preview',
    access: groups('Services', 'Coupons', 'Discounts', 'ManageGrades', 'ViewGrades'),
    source: 'console',
    nav: { label: 'Price preview', section: 'marketing' },
    go: 'mv',
  },
  { path: '/referral-program', access: groups('ReferralProgram'), source: 'both', nav: { label: 'Referral program', section: 'marketing' }, go: 'mr' },
  { path: '/banners', access: AUTH, source: 'both', nav: { label: 'Banners', section: 'marketing' }, go: 'mb' },
  { path: '/banners/:id', access: AUTH, source: 'console' },
  { path: '/panel-settings', access: groups('PanelSettings'), source: 'both', nav: { label: 'Panel settings', section: 'configuration' }, go: ',' },
  { path: '/webhooks', access: groups('Webhooks'), source: 'both', nav: { label: 'Webhooks', section: 'configuration' }, go: 'yw' },
  { path: '/webhooks/:id', access: groups('Webhooks'), source: 'console' },
  { path: '/staff', access: groups('Staff'), source: 'both', nav: { label: 'Staff', section: 'configuration' }, go: 'ys' },
  { path: '/staff/:id', access: groups('Staff'), source: 'console' },
  { path: '/roles', access: groups('Staff'), source: 'console', nav: { label: 'Roles and permissions', section: 'configuration' }, go: 'yr' },
  { path: '/notifications', access: groups('PanelSettings'), source: 'console', nav: { label: 'Notifications', section: 'configuration' }, go: 'yn' },
  { path: '/audit-log', access: groups('AuditLog'), source: 'both', nav: { label: 'Audit log', section: 'logs' }, go: 'a' },
  // Screens the production console has no path for. Auto-promotions promote services: they
  // take the services-and-providers permission (they have no permission of their own).
  { path: '/networks', access: groups('Networks'), source: 'console', nav: { label: 'Networks', section: 'catalogue' }, go: 'kn' },
  { path: '/service-types', access: groups('ServiceTypes'), source: 'console', nav: { label: 'Service types', section: 'catalogue' }, go: 'kt' },
  { path: '/service-labels', access: groups('Services'), source: 'console', nav: { label: 'Service labels', section: 'catalogue' }, go: 'kl' },
  { path: '/target-types', access: groups('Targets'), source: 'console', nav: { label: 'Target types', section: 'catalogue' }, go: 'ky' },
  { path: '/packages', access: groups('Packages'), source: 'console', nav: { label: 'Packages', section: 'marketing' }, go: 'mp' },
  { path: '/packages/:id', access: groups('Packages'), source: 'console' },
  { path: '/auto-promotions', access: groups('Providers'), source: 'console', nav: { label: 'Auto-promotions', section: 'marketing' }, go: 'ma' },
];
