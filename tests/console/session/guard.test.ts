import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../../src/contract/permissions';
import { decideAccess } from '../../../src/console/navigation/routeAccess';
import { findRouteEntry, routeAccessFor, toRouterPath, toSpecPath } from '../../../src/console/navigation/routes';
import { SCREENS } from '../../../src/console/app/screens';

/**
 * Every path of the panel's route table with the permissions that open it, written out by hand
 * from the product's access rules so the route map is checked against them and not against itself. null: no permission requirement beyond login.
 */
const SPEC_ROUTES: Record<string, readonly Permission[] | null | 'public'> = {
  '/login': 'public',
  '/': null,
  '/change-logs': ['viewChangeLogs'],
  '/transactions': ['viewFinances'],
  '/finances': null,
  '/withdrawal': ['viewWithdrawals'],
  '/invoices': ['viewInvoices'],
  '/orders': ['viewOrders'],
  '/orders/:id': ['viewOrders'],
  '/subscriptions': ['viewOrders'],
  '/subscriptions/:id': ['viewOrders'],
  '/combo-orders': ['viewOrders'],
  '/drip-feed': ['viewOrders'],
  '/users': ['viewUsers'],
  '/users/:id': ['viewUsers'],
  '/requests': ['manageFreeTrials'],
  '/quests': ['manageFreeTrials'],
  '/payment-methods': ['managePaymentMethods'],
  '/payment-method-bonuses/:id': ['managePaymentMethods'],
  '/special-offers': ['manageDiscounts'],
  '/discounts': ['manageDiscounts'],
  '/banners': null,
  '/services': ['viewServices'],
  '/services/create': ['viewServices'],
  '/services/:id': ['viewServices'],
  '/order-widgets': ['manageOrderWidgets'],
  '/providers': ['manageServicesAndProviders'],
  '/referral-program': ['viewReferralStatistics'],
  '/targets': ['manageTargets'],
  '/external-panels/:id': ['manageExternalPanels'],
  '/external-panel-orders': ['manageExternalPanelOrders'],
  '/coupons': ['manageCoupons'],
  '/loyalty-program': ['manageGrades', 'viewGrades'],
  '/panel-settings': ['managePanelSettings'],
  '/webhooks': ['manageWebhooks'],
  '/staff': ['manageStaff'],
  '/audit-log': ['viewAudits'],
};

const guest = { authenticated: false, permissions: [] as Permission[] };
const member = (...permissions: Permission[]) => ({ authenticated: true, permissions });

describe('the route map', () => {
  it('lists every path of both route tables, and besides them only the screens the spec gives no path', () => {
    expect(
      SCREENS.filter((e) => e.source !== 'console')
        .map((e) => e.path)
        .sort(),
    ).toEqual(Object.keys(SPEC_ROUTES).sort());
    expect(
      SCREENS.filter((e) => e.source === 'console')
        .map((e) => e.path)
        .sort(),
    ).toEqual([
      '/auto-promotions',
      '/banners/:id',
      '/below-margin',
      '/cancel-requests',
      '/combo-orders/:id',
      '/coupons/:id',
      '/discounts/:id',
      '/drip-feed/:id',
      '/external-panels',
      '/external-panels/:id/sync',
      '/invoices/:id',
      '/loyalty-program/:id',
      '/networks',
      '/notifications',
      '/packages',
      '/packages/:id',
      '/price-preview',
      '/provider-health',
      '/provider-sync-runs/:id',
      '/providers/:id',
      '/quests/:id',
      '/requests/:id',
      '/roles',
      '/service-labels',
      '/service-logs',
      '/service-types',
      '/set-password/:token',
      '/special-offers/:id',
      '/staff/:id',
      '/target-types',
      '/transactions/:id',
      '/webhooks/:id',
      '/withdrawal/:id',
    ]);
  });

  it('sends finances on to transactions', () => {
    expect(findRouteEntry('/finances')?.access).toEqual({ kind: 'redirect', to: '/transactions' });
  });

  it('matches concrete paths, literal segments before parameters', () => {
    expect(findRouteEntry('/services/create')?.path).toBe('/services/create');
    expect(findRouteEntry('/services/42')?.path).toBe('/services/:id');
    expect(findRouteEntry('/orders/42/')?.path).toBe('/orders/:id');
    expect(findRouteEntry('/orders/')?.path).toBe('/orders');
    expect(findRouteEntry('/nope')).toBeUndefined();
    expect(findRouteEntry('/orders/1/2')).toBeUndefined();
  });

  it('converts between the spec and the router path syntax', () => {
    expect(toRouterPath('/external-panels/:id')).toBe('/external-panels/$id');
    expect(toSpecPath('users/$id')).toBe('users/:id');
    expect(routeAccessFor('users/$id')).toEqual(findRouteEntry('/users/1')!.access);
    expect(() => routeAccessFor('no-such-screen')).toThrow(/not in the route table/);
  });
});

describe('decideAccess, for every route', () => {
  for (const [path, needed] of Object.entries(SPEC_ROUTES)) {
    const entry = SCREENS.find((e) => e.path === path)!;

    describe(path, () => {
      it('guests', () => {
        expect(decideAccess(entry, guest)).toEqual(needed === 'public' ? 'allow' : { redirect: '/login' });
      });

      it('a member with no permission', () => {
        expect(decideAccess(entry, member())).toEqual(needed === 'public' || needed === null ? 'allow' : { redirect: '/' });
      });

      it('a member with every permission', () => {
        expect(decideAccess(entry, member(...PERMISSIONS))).toBe('allow');
      });

      it('a member holding exactly one permission, for each permission', () => {
        for (const permission of PERMISSIONS) {
          const decision = decideAccess(entry, member(permission));
          if (needed === 'public' || needed === null || needed.includes(permission)) {
            expect(decision, permission).toBe('allow');
          } else if (permission === 'viewServices') {
            expect(decision, permission).toEqual({ redirect: '/services' });
          } else {
            expect(decision, permission).toEqual({ redirect: '/' });
          }
        }
      });

      if (Array.isArray(needed)) {
        it('a member holding every permission but the ones it needs', () => {
          const others = PERMISSIONS.filter((p) => !needed.includes(p));
          const expected = others.includes('viewServices') ? { redirect: '/services' } : { redirect: '/' };
          expect(decideAccess(entry, member(...others))).toEqual(expected);
        });
      }
    });
  }

  it('a member without viewServices who is refused the services list goes Home, not in a loop', () => {
    expect(decideAccess(findRouteEntry('/services')!, member('viewOrders'))).toEqual({ redirect: '/' });
  });
});
