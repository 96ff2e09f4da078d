import { Card, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS_TABLE, WITHDRAWAL_STATUS_LABELS } from '../../../contract/finance/columns';
import { RecordActions } from '../../actions/RecordActions';
import { api } from '../../api/client';
import { RecordHistory } from '../../history/RecordHistory';
import { detailKeyPrefix } from '../../list/listQuery';
import { listHref } from '../../list/urlState';
import type { RecordScreenProps } from '../../resource/area';
import { Dash, UserLink } from '../../table/cells';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { detailFallback } from '../../ui/DetailFallback';
import { Field } from '../../ui/Field';
import { RecordHeader } from '../../ui/RecordHeader';
import { StatusLabel } from '../../ui/StatusLabel';
import { LinkedTransactions, RecordLink } from './recordParts';
import { withdrawalsResource } from './resource';

/**
 * One withdrawal (/withdrawal/:id): every field of its list row, when it moved on, the hold and
 * release transactions of the customer's balance, its actions (the list's own) and its history.
 */
export function WithdrawalScreen({ id }: RecordScreenProps) {
  const query = useQuery({
    queryKey: [...detailKeyPrefix(withdrawalsResource.name), id],
    queryFn: ({ signal }) => api('withdrawalsShow', { params: { withdrawalId: id }, signal }),
  });
  const fallback = detailFallback(query, { loading: 'Loading the withdrawal', title: `Withdrawal ${id}` });
  if (fallback || !query.data) return fallback;
  const w = query.data;
  const method = w.withdrawalMethod;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/withdrawal', label: 'Withdrawals' }}
        title={`Withdrawal ${w.id}`}
        status={<StatusLabel value={w.status} text={WITHDRAWAL_STATUS_LABELS[w.status]} />}
        updating={query.isFetching}
        actions={<RecordActions resource={withdrawalsResource} row={w} label="Withdrawal actions" />}
      />
      <Card withBorder component="section" aria-label="Withdrawal details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="User">
            <UserLink user={w.user} />
          </Field>
          <Field label="Amount">
            <CostLabel value={w.amount} />
          </Field>
          <Field label="Fee">
            <CostLabel value={w.fee} />
          </Field>
          <Field label="Withdrawal method">
            {method ? (
              <RecordLink to={listHref('/payment-methods', PAYMENT_METHODS_TABLE, { id: method.id })} endpoint="paymentMethodsTable">
                {method.name}
              </RecordLink>
            ) : (
              <Dash />
            )}
          </Field>
          <Field label="Account number">{w.accountNumber}</Field>
          <Field label="User comment">{w.userComment ?? <Dash />}</Field>
          <Field label="Admin note">{w.adminNote ?? <Dash />}</Field>
          <Field label="Payout transaction id">{w.transactionId ?? <Dash />}</Field>
          <Field label="Created">
            <DateTime value={w.createdAt} />
          </Field>
          <Field label="Approved">
            <DateTime value={w.approvedAt} />
          </Field>
          <Field label="Paid">
            <DateTime value={w.paidAt} />
          </Field>
          <Field label="Rejected">
            <DateTime value={w.rejectedAt} />
          </Field>
        </SimpleGrid>
      </Card>
      <LinkedTransactions transactions={w.transactions} empty="No transactions." />
      <RecordHistory type="withdrawal" id={w.id} />
    </Stack>
  );
}
