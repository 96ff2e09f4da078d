import {
  ORDER_SOURCE_TYPES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderSourceType,
  type PriceModification,
} from '../../../contract/orders';
import type { FilterOption } from '../../table/filters';
import { humanize } from '../../ui/format';

/** Select options and display texts of the orders family. */

export const ORDER_STATUS_OPTIONS: FilterOption[] = ORDER_STATUSES.map((value) => ({ value, label: humanize(value) }));
export const ORDER_SOURCE_OPTIONS: FilterOption[] = ORDER_SOURCES.map((value) => ({ value, label: humanize(value) }));

export const SOURCE_TYPE_LABELS: Record<OrderSourceType, string> = {
  drip_feed: 'Drip feed',
  subscription: 'Subscription',
  combo_order: 'Combo order',
};
export const ORDER_SOURCE_TYPE_OPTIONS: FilterOption[] = ORDER_SOURCE_TYPES.map((value) => ({ value, label: SOURCE_TYPE_LABELS[value] }));

/** How a price modification is named in the list (operations.md §3 "Price modification kinds"). */
export function priceModificationKindLabel(modification: Pick<PriceModification, 'kind' | 'local'>): string {
  switch (modification.kind) {
    case 'coupon':
      return 'Coupon';
    case 'discount':
      return modification.local ? 'Local discount' : 'Discount';
    case 'userService':
      return 'Custom price';
    case 'freeTrial':
      return 'Free trial';
  }
}
