import { recordTypeLabel } from '../../contract/logs/columns';
import { screenTable } from '../navigation/screens';

/**
 * Where a record of an audit or change-log entry is shown: its type (the kit's defineRecord
 * `type`) -> its record screen. Only paths of the screen table (navigation/screens.ts) are linked, so a type
 * whose screen does not exist yet is shown as text. A later record screen adds its type here.
 */
const RECORD_SCREENS: Readonly<Record<string, string>> = {
  order: '/orders/:id',
  user: '/users/:id',
  subscription: '/subscriptions/:id',
  drip_feed: '/drip-feed/:id',
  combo_order: '/combo-orders/:id',
  free_trial_request: '/requests/:id',
  free_trial_quest: '/quests/:id',
  service: '/services/:id',
  external_panel: '/external-panels/:id',
  provider: '/external-panels/:id',
  payment_method: '/payment-method-bonuses/:id',
  webhook: '/webhooks/:id',
  invoice: '/invoices/:id',
  withdrawal: '/withdrawal/:id',
  staff_member: '/staff/:id',
};

/** The record's screen, or undefined when it has none. */
export function recordPath(type: string, id: number | null | undefined): string | undefined {
  const pattern = RECORD_SCREENS[type];
  if (!pattern || id === null || id === undefined || !screenTable().some((screen) => screen.path === pattern)) return undefined;
  return pattern.replace(':id', String(id));
}

/** "Order 12". */
export const recordName = (type: string, id: number | null | undefined): string => `${recordTypeLabel(type)}${id === null || id === undefined ? '' : ` ${id}`}`;
