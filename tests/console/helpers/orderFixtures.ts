import type { OrderRow } from '../../../src/contract/orders';

/** Every order flag off; tests turn on the ones they need. */
export const NO_ORDER_FLAGS: OrderRow['actions'] = {
  editable: false,
  activable: false,
  approvable: false,
  cancelable: false,
  completable: false,
  pausable: false,
  rejectable: false,
  partialable: false,
  countsEditable: false,
};

/** An order row as the orders table sends it: in processing, paid, with the given flags. */
export function makeOrder(id: number, actions: Partial<OrderRow['actions']> = {}, overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    status: 'in_processing',
    createdAt: '2025-01-02 10:00:00',
    completedAt: null,
    name: 'Followers',
    service: { id: 7, name: 'Instagram followers' },
    price: '12.5000',
    cost: '4.0000',
    user: { id: 3, email: 'buyer@example.com', telegramUsername: null, balance: '10.0000', spent: '100.0000' },
    url: 'https://instagram.com/someone',
    revenue: '8.5000',
    quantity: 1000,
    marginPercent: '68.00',
    currentQuantity: 200,
    percentOfExternalStatisticsFill: null,
    hasNoActiveProviders: false,
    isPaid: true,
    refundAmount: '0.0000',
    source: 'cabinet',
    sourceType: null,
    sourceId: null,
    priceModifications: [],
    actions: { ...NO_ORDER_FLAGS, ...actions },
    ...overrides,
  };
}
