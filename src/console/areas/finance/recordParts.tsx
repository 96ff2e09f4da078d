import { Text } from '@mantine/core';
import { type ReactNode } from 'react';
import type { LinkedTransaction } from '../../../contract/finance';
import { TRANSACTION_KIND_LABELS } from '../../../contract/finance/columns';
import { endpointRoutes } from '../../../contract/endpointRoutes';
import type { EndpointName } from '../../../contract/endpoints';
import { meets } from '../../actions/permission';
import { useListEngine } from '../../list/engineContext';
import { AppLink } from '../../table/cells';
import { DateTime } from '../../ui/DateTime';
import { SmallTable } from '../../ui/SmallTable';
import { Amount } from './resource';
import { Section } from '../../ui/Section';

/** What the finance record screens share: links to the records they point at, and their ledger entries. */

/**
 * A link to another record's screen when the member may read that record (the permission of the
 * endpoint that answers it), its text otherwise: a link that could only end in "not allowed" is
 * no way forward.
 */
export function RecordLink({ to, endpoint, children }: { to: string; endpoint: EndpointName; children: ReactNode }) {
  const { can } = useListEngine();
  return meets(endpointRoutes[endpoint].permission, can) ? <AppLink to={to}>{children}</AppLink> : children;
}

/** The ledger entries of an invoice or a withdrawal, each opening its transaction. */
export function LinkedTransactions({ transactions, empty }: { transactions: readonly LinkedTransaction[]; empty: string }) {
  return (
    <Section title="Transactions" order={2}>
      <SmallTable
        striped
        label="Transactions"
        rows={transactions}
        rowKey={(t) => t.id}
        empty={
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        }
        columns={[
          {
            header: 'ID',
            render: (t) => (
              <RecordLink to={`/transactions/${t.id}`} endpoint="paymentsShow">
                {`Transaction ${t.id}`}
              </RecordLink>
            ),
          },
          { header: 'Type', render: (t) => TRANSACTION_KIND_LABELS[t.transactionType] ?? t.transactionType },
          { header: 'Amount', align: 'right', render: (t) => <Amount value={t.amount} /> },
          { header: 'Created', render: (t) => <DateTime value={t.createdAt} /> },
        ]}
      />
    </Section>
  );
}
