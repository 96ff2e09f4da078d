import { Group } from '@mantine/core';
import { endpointRoutes } from '../../../contract/endpointRoutes';
import type { EndpointName } from '../../../contract/endpoints';
import { INVOICES_TABLE, TRANSACTIONS_TABLE, WITHDRAWALS_TABLE } from '../../../contract/finance/columns';
import { ORDERS_TABLE } from '../../../contract/orders/columns';
import { meets } from '../../actions/permission';
import { useListEngine } from '../../list/engineContext';
import { listHref } from '../../list/urlState';
import { AppLink } from '../../table/cells';

/**
 * The user's records in the other lists: each list opened on this user's id (its `userId` filter,
 * in the list's own address form) and on every status, so a list that shows only open records by
 * default shows all of them here. A list the member may not read is not offered.
 */
const LISTS: readonly { label: string; endpoint: EndpointName; href: (userId: number) => string }[] = [
  { label: 'Orders', endpoint: 'ordersTable', href: (userId) => listHref('/orders', ORDERS_TABLE, { userId, status: null }) },
  { label: 'Invoices', endpoint: 'invoicesTable', href: (userId) => listHref('/invoices', INVOICES_TABLE, { userId }) },
  { label: 'Transactions', endpoint: 'paymentsTable', href: (userId) => listHref('/transactions', TRANSACTIONS_TABLE, { userId }) },
  { label: 'Withdrawals', endpoint: 'withdrawalsTable', href: (userId) => listHref('/withdrawal', WITHDRAWALS_TABLE, { userId, status: null }) },
];

export function UserRecordLinks({ userId }: { userId: number }) {
  const { can } = useListEngine();
  const lists = LISTS.filter((list) => meets(endpointRoutes[list.endpoint].permission, can));
  if (lists.length === 0) return null;
  return (
    <Group component="nav" aria-label="The user's records" gap="md">
      {lists.map((list) => (
        <AppLink key={list.label} to={list.href(userId)}>
          {list.label}
        </AppLink>
      ))}
    </Group>
  );
}
