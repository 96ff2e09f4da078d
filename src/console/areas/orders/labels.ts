import type { OrderSourceType, PriceModification } from '../../../contract/orders';

/** Display texts of the orders family. */

export const SOURCE_TYPE_LABELS: Record<OrderSourceType, string> = {
  drip_feed: 'Drip feed',
  subscription: 'Subscription',
  combo_order: 'Combo order',
};

/** How a price modification is named in the list. */
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
