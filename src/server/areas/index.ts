import type { AreaHandlers } from '../http/handlers';
import { sessionHandlers } from './session/handlers';
import { homeHandlers } from './home/handlers';
import { usersHandlers } from './users/handlers';
import { dripFeedsHandlers } from './drip-feeds/handlers';
import { subscriptionsHandlers } from './subscriptions/handlers';
import { comboOrdersHandlers } from './combo-orders/handlers';
import { externalPanelOrdersHandlers } from './external-panel-orders/handlers';
import { ordersHandlers } from './orders/handlers';

/** Every area's handlers; app.ts mounts them against the endpoint table. */
export const areaHandlers: AreaHandlers[] = [sessionHandlers, homeHandlers, usersHandlers, dripFeedsHandlers, subscriptionsHandlers, comboOrdersHandlers, externalPanelOrdersHandlers, ordersHandlers];
