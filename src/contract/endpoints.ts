import { sessionEndpoints } from './session';
import { homeEndpoints } from './home';
import { usersEndpoints } from './users';
import { dripFeedsEndpoints } from './drip-feeds';
import { cancelRequestsEndpoints } from './cancel-requests';
import { subscriptionsEndpoints } from './subscriptions';
import { comboOrdersEndpoints } from './combo-orders';
import { externalPanelOrdersEndpoints } from './external-panel-orders';
import { ordersEndpoints } from './orders';
import { providersEndpoints } from './providers';
import { countriesEndpoints } from './countries';
import { financeEndpoints } from './finance';
import { catalogueEndpoints } from './catalogue';
import { freeTrialsEndpoints } from './free-trials';
import { logsEndpoints } from './logs';
import { referralsEndpoints } from './referrals';
import { staffEndpoints } from './staff';
import { webhooksEndpoints } from './webhooks';
import { notificationsEndpoints } from './notifications';
import { panelSettingsEndpoints } from './panel-settings';
import { viewsEndpoints } from './views';
import { incentivesEndpoints } from './incentives';
import { storefrontEndpoints } from './storefront';
import { providerSyncEndpoints } from './provider-sync';
import type { Endpoint } from './endpoint';

/**
 * The endpoint table: every endpoint of the admin API, by name. The console calls endpoints by
 * these entries; the server mounts handlers by the same names and refuses to start when a handler
 * has no entry here (src/server/app.ts). Areas add their own `<area>Endpoints` object.
 */
export const endpoints = {
  ...sessionEndpoints,
  ...homeEndpoints,
  ...usersEndpoints,
  ...dripFeedsEndpoints,
  ...cancelRequestsEndpoints,
  ...subscriptionsEndpoints,
  ...comboOrdersEndpoints,
  ...externalPanelOrdersEndpoints,
  ...ordersEndpoints,
  ...providersEndpoints,
  ...countriesEndpoints,
  ...financeEndpoints,
  ...staffEndpoints,
  ...webhooksEndpoints,
  ...notificationsEndpoints,
  ...panelSettingsEndpoints,
  ...catalogueEndpoints,
  ...freeTrialsEndpoints,
  ...logsEndpoints,
  ...referralsEndpoints,
  ...viewsEndpoints,
  ...incentivesEndpoints,
  ...storefrontEndpoints,
  ...providerSyncEndpoints,
} satisfies Record<string, Endpoint<any, any, any>>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
