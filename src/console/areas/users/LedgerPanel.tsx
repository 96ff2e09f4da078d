import { Alert, Anchor, Badge, Group, Pagination, Paper, Skeleton, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { SmallTable, type SmallTableColumn } from '../../ui/SmallTable';
import type { UserLedger } from '../../../contract/finance';
import { userDetailKey } from './queries';

/**
 * The user's ledger (the finance API's user ledger): every main-balance transaction, newest first,
 * with the balance after it, and a check that the balance equals their sum. Links open the
 * transactions list filtered by the user.
 */
const PER_PAGE = 20;

const LEDGER_COLUMNS: SmallTableColumn<UserLedger['items'][number]>[] = [
  { header: 'Date', render: (t) => <DateTime value={t.createdAt} /> },
  {
    header: 'Transaction',
    render: (t) => (
      <>
        #{t.id} {t.transactionType}
        {t.orderId && (
          <>
            {' · '}
            <Anchor component={Link} to={`/orders/${t.orderId}`} size="sm">
              order #{t.orderId}
            </Anchor>
          </>
        )}
      </>
    ),
  },
  { header: 'Comment', render: (t) => t.comment },
  {
    header: 'Amount',
    align: 'right',
    cellProps: (t) => ({ c: t.amount.startsWith('-') ? 'var(--panel-money-negative)' : 'var(--panel-money-positive)' }),
    render: (t) => (
      <>
        {t.amount.startsWith('-') ? '−' : '+'}
        <CostLabel value={t.amount.replace(/^-/, '')} />
      </>
    ),
  },
  { header: 'Balance after', align: 'right', render: (t) => <CostLabel value={t.runningBalance} /> },
];

export function LedgerPanel({ userId, email }: { userId: number; email: string }) {
  const [page, setPage] = useState(1);
  const ledger = useQuery({
    queryKey: [...userDetailKey(userId), 'ledger', page] as const,
    queryFn: ({ signal }) => api('paymentsUserLedger', { params: { userId }, query: { page, perPage: PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
  const data = ledger.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="user-ledger">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id="user-ledger">
          Ledger
        </Title>
        <Group gap="xs">
          {data &&
            (data.balanced ? (
              <Badge color="teal" variant="light" title={`Balance ${data.user.balance} = sum of transactions ${data.sum}`}>
                Balance matches its transactions
              </Badge>
            ) : (
              <Badge color="red.9" variant="filled">
                Balance {data.user.balance} ≠ transactions {data.sum}
              </Badge>
            ))}
          <Anchor component={Link} to={`/transactions?search=${encodeURIComponent(email)}`} size="sm">
            All transactions of this user
          </Anchor>
        </Group>
      </Group>
      {ledger.isError && <Alert color="red">{errorMessage(ledger.error)}</Alert>}
      {ledger.isPending && <Skeleton h={120} />}
      {data && data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          No transactions yet.
        </Text>
      )}
      {data && data.items.length > 0 && (
        <>
          <SmallTable striped minWidth={600} columns={LEDGER_COLUMNS} rows={data.items} rowKey={(t) => t.id} />
          {data.totalItemsCount > PER_PAGE && (
            <Pagination mt="sm" size="sm" total={Math.ceil(data.totalItemsCount / PER_PAGE)} value={page} onChange={setPage} aria-label="Ledger pages" />
          )}
        </>
      )}
    </Paper>
  );
}
