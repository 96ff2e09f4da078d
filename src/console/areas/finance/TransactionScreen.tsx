import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { BALANCE_TYPE_LABELS, PAYMENT_METHODS_TABLE, TRANSACTION_KIND_LABELS } from '../../../contract/finance/columns';
import { api } from '../../api/client';
import { detailKeyPrefix } from '../../list/listQuery';
import { listHref } from '../../list/urlState';
import type { RecordScreenProps } from '../../resource/area';
import { Dash, UserLink } from '../../table/cells';
import { DateTime } from '../../ui/DateTime';
import { detailFallback } from '../../ui/DetailFallback';
import { Field } from '../../ui/Field';
import { RecordHeader } from '../../ui/RecordHeader';
import { RecordLink } from './recordParts';
import { Amount, methodTypeLabels, transactionsResource } from './resource';

/**
 * One transaction (/transactions/:id): every field of its list row and the records it belongs to
 * (the user, and the order, invoice or withdrawal that moved the money).
 */
export function TransactionScreen({ id }: RecordScreenProps) {
  const historyId = useId();
  const query = useQuery({
    queryKey: [...detailKeyPrefix(transactionsResource.name), id],
    queryFn: ({ signal }) => api('paymentsShow', { params: { id }, signal }),
  });
  const fallback = detailFallback(query, { loading: 'Loading the transaction', title: `Transaction ${id}` });
  if (fallback || !query.data) return fallback;
  const t = query.data;
  const kind = TRANSACTION_KIND_LABELS[t.transactionType] ?? t.transactionType;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/transactions', label: 'Transactions' }}
        title={`Transaction ${t.id}`}
        description={
          <Text size="sm" c="dimmed">
            {kind} · {BALANCE_TYPE_LABELS[t.type]}
          </Text>
        }
        updating={query.isFetching}
      />
      <Card withBorder component="section" aria-label="Transaction details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="User">
            <UserLink user={t.user} />
          </Field>
          <Field label="Amount">
            <Amount value={t.amount} />
          </Field>
          <Field label="Type">{kind}</Field>
          <Field label="Balance">{BALANCE_TYPE_LABELS[t.type]}</Field>
          <Field label="Direction">{t.direction === 'income' ? 'Income' : 'Expense'}</Field>
          <Field label="Payment method">
            {t.paymentMethod ? (
              <RecordLink to={listHref('/payment-methods', PAYMENT_METHODS_TABLE, { id: t.paymentMethod.id })} endpoint="paymentMethodsTable">
                {t.paymentMethod.name} ({methodTypeLabels[t.paymentMethod.type] ?? t.paymentMethod.type})
              </RecordLink>
            ) : (
              <Dash />
            )}
          </Field>
          <Field label="Order">
            {t.orderId ? (
              <RecordLink to={`/orders/${t.orderId}`} endpoint="ordersShow">
                {`Order ${t.orderId}`}
              </RecordLink>
            ) : (
              <Dash />
            )}
          </Field>
          <Field label="Invoice">
            {t.invoiceId ? (
              <RecordLink to={`/invoices/${t.invoiceId}`} endpoint="invoicesShow">
                {`Invoice ${t.invoiceId}`}
              </RecordLink>
            ) : (
              <Dash />
            )}
          </Field>
          <Field label="Withdrawal">
            {t.withdrawalId ? (
              <RecordLink to={`/withdrawal/${t.withdrawalId}`} endpoint="withdrawalsShow">
                {`Withdrawal ${t.withdrawalId}`}
              </RecordLink>
            ) : (
              <Dash />
            )}
          </Field>
          <Field label="Comment">{t.comment ?? <Dash />}</Field>
          <Field label="Created">
            <DateTime value={t.createdAt} />
          </Field>
        </SimpleGrid>
      </Card>
      <Card withBorder component="section" aria-labelledby={historyId}>
        <Title order={2} size="h5" id={historyId} mb="xs">
          History
        </Title>
        {/* The ledger is append-only (docs/finance.md): a transaction has no history of its own. */}
        <Text size="sm">
          A transaction is written once and never changed. The balance change it made is in the history of <UserLink user={t.user} />
          {t.invoiceId || t.withdrawalId || t.orderId ? ', and what caused it in the history of the record it belongs to.' : '.'}
        </Text>
      </Card>
    </Stack>
  );
}
