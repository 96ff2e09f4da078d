import { comboOrdersResource } from '../areas/combo-orders/resource';
import { dripFeedsResource } from '../areas/drip-feeds/resource';
import { externalPanelOrdersResource } from '../areas/external-panel-orders/resource';
import { ordersResource } from '../areas/orders/resource';
import { subscriptionsResource } from '../areas/subscriptions/resource';
import { usersResource } from '../areas/users/resource';
import type { AnyResource } from '../table/resource';

/**
 * The resource registry: every list declaration, read by the command palette (its verbs, nouns,
 * record lookups and filtered lists) and the shortcuts overlay. Add an area's resources here with
 * one line; the order is the palette's order when a typed id fits several ("cancel 55").
 */
export const CONSOLE_RESOURCES: readonly AnyResource[] = [
  ordersResource,
  usersResource,
  comboOrdersResource,
  dripFeedsResource,
  subscriptionsResource,
  externalPanelOrdersResource,
];
