import type { ServerArea } from '../kit/area';
import session from './session';
import home from './home';
import users from './users';
import incentives from './incentives';
import orders from './orders';
import dripFeeds from './drip-feeds';
import subscriptions from './subscriptions';
import comboOrders from './combo-orders';
import externalPanelOrders from './external-panel-orders';
import countries from './countries';
import finance from './finance';
import staff from './staff';
import webhooks from './webhooks';
import notifications from './notifications';
import panelSettings from './panel-settings';
import catalogue from './catalogue';
import providers from './providers';
import freeTrials from './free-trials';
import logs from './logs';
import referrals from './referrals';
import views from './views';
import storefront from './storefront';
import providerSync from './provider-sync';

/**
 * The area registry: one line per area (src/server/kit/area.ts). app.ts mounts every area's
 * handlers against the endpoint table; the seed runs their steps in this order, so an area's demo
 * data may rely on the areas above it.
 */
export const serverAreas: readonly ServerArea[] = [
  session,
  home,
  users,
  // Before orders: the demo order book is priced with its coupons and discounts.
  incentives,
  orders,
  dripFeeds,
  subscriptions,
  comboOrders,
  externalPanelOrders,
  countries,
  finance,
  staff,
  webhooks,
  notifications,
  panelSettings,
  catalogue,
  providers,
  freeTrials,
  referrals,
  views,
  storefront,
  providerSync,
  // Last: its demo history is written about the records the areas above seeded.
  logs,
];
