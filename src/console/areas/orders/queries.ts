import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { detailKeyPrefix } from '../../list/listQuery';
import { parseRefundAmount } from './refund';

/** Queries of the orders area (keys under the list engine's prefixes, so actions refresh them). */

/** Cancel reasons change with a deploy, not during a session: fetched once, then cached. */
export const cancelReasonsQuery = () =>
  queryOptions({
    queryKey: ['orders', 'cancel-reasons'] as const,
    queryFn: ({ signal }) => api('ordersCancelReasons', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The default refund of one order, as a number (never cached: it moves with the delivery). */
export const refundAmountQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['orders', 'refund-amount', orderId] as const,
    queryFn: async ({ signal }) => parseRefundAmount((await api('ordersRefundAmount', { query: { orderId }, signal })).amount),
    staleTime: 0,
    gcTime: 0,
  });

export const ORDER_DETAIL_RESOURCE = 'orders';

export const orderDetailQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...detailKeyPrefix(ORDER_DETAIL_RESOURCE), orderId] as const,
    queryFn: ({ signal }) => api('ordersShow', { params: { orderId }, signal }),
  });
