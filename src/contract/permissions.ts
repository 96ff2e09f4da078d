/**
 * Permission strings, route groups and the group -> permission map.
 *
 * A route names a group (Users, Orders…) and each group maps to one permission string (viewUsers,
 * viewOrders…); the catalogue and configuration screens have permissions of their own.
 *
 * Where the spec names a permission in words only ("freeze users"), the string is its camelCase
 * form (freezeUsers). Where it names none (OrderWidgets, order moderation actions), the choice is
 * written beside the entry.
 */

export const PERMISSIONS = [
  // Operations: orders, users, finance, free trials, logs
  'viewUsers',
  'editUsers', // the users list 'edit' action and the profile's update calls (name not shown in the spec)
  'freezeUsers',
  'deactivateUsers',
  'activateUsers',
  'adjustBalances', // add to or deduct from a user's balance (the console's own action; administrators only by default)
  'viewOrders',
  'manageOrders', // order, drip-feed, subscription and combo-order actions (not shown in the spec)
  'viewFinances',
  'viewInvoices',
  'manageInvoices',
  'viewWithdrawals',
  'manageWithdrawals',
  'approveWithdrawalRequests',
  'markAsPaidWithdrawalRequests',
  'viewPaymentMethods',
  'managePaymentMethods',
  'manageFreeTrials',
  'viewChangeLogs',
  'manageGrades',
  'viewGrades',
  // Catalogue and configuration
  'viewServices',
  'manageServicesAndProviders',
  'manageExternalPanels',
  'manageExternalPanelOrders',
  'viewReferralStatistics',
  'manageWebhooks',
  'manageCoupons',
  'manageDiscounts',
  'manageServiceTypes',
  'manageStaff',
  'viewAudits',
  'managePanelSettings',
  'manageTargets',
  'managePackages',
  'writeAutoRefillParams',
  'manageOrderWidgets', // OrderWidgets group (permission not shown in the spec)
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/** Permission groups (for the staff screen and the seed): group label -> its permissions. */
export const PERMISSION_GROUPS: Record<string, readonly Permission[]> = {
  Users: ['viewUsers', 'editUsers', 'freezeUsers', 'deactivateUsers', 'activateUsers', 'adjustBalances'],
  Orders: ['viewOrders', 'manageOrders'],
  Finances: [
    'viewFinances',
    'viewInvoices',
    'manageInvoices',
    'viewWithdrawals',
    'manageWithdrawals',
    'approveWithdrawalRequests',
    'markAsPaidWithdrawalRequests',
    'viewPaymentMethods',
    'managePaymentMethods',
  ],
  FreeTrials: ['manageFreeTrials'],
  Logs: ['viewChangeLogs', 'viewAudits'],
  Grades: ['manageGrades', 'viewGrades'],
  Catalogue: [
    'viewServices',
    'manageServicesAndProviders',
    'manageExternalPanels',
    'manageExternalPanelOrders',
    'manageServiceTypes',
    'managePackages',
    'manageTargets',
    'writeAutoRefillParams',
    'manageOrderWidgets',
  ],
  Marketing: ['viewReferralStatistics', 'manageCoupons', 'manageDiscounts'],
  Configuration: ['manageWebhooks', 'manageStaff', 'managePanelSettings'],
};

/**
 * Route groups as named in the route tables (reading one), each mapped to its permission
 * (reading two). A route lists groups; a member passes when they hold the permission of any.
 */
export const ROUTE_GROUP_PERMISSION = {
  Users: 'viewUsers',
  Orders: 'viewOrders',
  DripFeed: 'viewOrders',
  Subscriptions: 'viewOrders',
  Transactions: 'viewFinances',
  Invoices: 'viewInvoices',
  Withdrawal: 'viewWithdrawals',
  PaymentMethods: 'managePaymentMethods',
  FreeTrials: 'manageFreeTrials',
  ChangeLogs: 'viewChangeLogs',
  ManageGrades: 'manageGrades',
  ViewGrades: 'viewGrades',
  Discounts: 'manageDiscounts',
  Services: 'viewServices',
  OrderWidgets: 'manageOrderWidgets',
  Providers: 'manageServicesAndProviders',
  ReferralProgram: 'viewReferralStatistics',
  Targets: 'manageTargets',
  ExternalPanels: 'manageExternalPanels',
  ExternalPanelOrders: 'manageExternalPanelOrders',
  Coupons: 'manageCoupons',
  PanelSettings: 'managePanelSettings',
  Webhooks: 'manageWebhooks',
  Staff: 'manageStaff',
  AuditLog: 'viewAudits',
  ServiceTypes: 'manageServiceTypes',
  Networks: 'manageServiceTypes',
  Packages: 'managePackages',
} as const satisfies Record<string, Permission>;

export type RouteGroup = keyof typeof ROUTE_GROUP_PERMISSION;

/** The permissions that open a route guarded by any of these groups. */
export const permissionsForGroups = (groups: readonly RouteGroup[]): Permission[] => [...new Set(groups.map((g) => ROUTE_GROUP_PERMISSION[g]))];

/** Role presets seeded in demo mode (issue: foundation). */
export const ROLE_PRESETS = {
  Administrator: [...PERMISSIONS] as Permission[],
  Manager: ['viewOrders', 'manageOrders', 'viewUsers', 'manageFreeTrials', 'freezeUsers', 'activateUsers'] as Permission[],
} as const;
