import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS_TABLE } from '../../../contract/finance/columns';
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
import { LinkedTransactions, RecordLink } from './recordParts';
import { InvoiceStatusLabel, invoicesResource, methodTypeLabels } from './resource';

/**
 * One invoice (/invoices/:id): every field of its list row, what marking it as paid credited,
 * the transactions that credited it, its actions (the list's own) and its history.
 */
export function InvoiceScreen({ id }: RecordScreenProps) {
  const query = useQuery({
    queryKey: [...detailKeyPrefix(invoicesResource.name), id],
    queryFn: ({ signal }) => api('invoicesShow', { params: { id }, signal }),
  });
  const fallback = detailFallback(query, { loading: 'Loading the invoice', title: `Invoice ${id}` });
  if (fallback || !query.data) return fallback;
  const invoice = query.data;
  const method = invoice.paymentMethod;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/invoices', label: 'Invoices' }}
        title={`Invoice ${invoice.id}`}
        status={<InvoiceStatusLabel invoice={invoice} />}
        description={
          <Text size="sm" c="dimmed">
            {invoice.shortName}
          </Text>
        }
        updating={query.isFetching}
        actions={<RecordActions resource={invoicesResource} row={invoice} label="Invoice actions" />}
      />
      <Card withBorder component="section" aria-label="Invoice details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="User">
            <UserLink user={invoice.user} />
          </Field>
          <Field label="Amount">
            <CostLabel value={invoice.amount} />
          </Field>
          <Field label="Short name">{invoice.shortName}</Field>
          <Field label="Payment method">
            {method ? (
              <RecordLink to={listHref('/payment-methods', PAYMENT_METHODS_TABLE, { id: method.id })} endpoint="paymentMethodsTable">
                {method.name}
              </RecordLink>
            ) : (
              <Dash />
            )}
          </Field>
          <Field label="Method type">{method ? (methodTypeLabels[method.type] ?? method.type) : <Dash />}</Field>
          <Field label="Created">
            <DateTime value={invoice.createdAt} />
          </Field>
          <Field label="Paid">
            <DateTime value={invoice.paidAt} />
          </Field>
          <Field label="Credited">
            <CostLabel value={invoice.paidAmount} />
          </Field>
          <Field label="Bonus">
            <CostLabel value={invoice.bonusAmount} />
          </Field>
        </SimpleGrid>
      </Card>
      <LinkedTransactions transactions={invoice.transactions} empty="Nothing credited yet: the invoice is not paid." />
      <RecordHistory type="invoice" id={invoice.id} />
    </Stack>
  );
}
