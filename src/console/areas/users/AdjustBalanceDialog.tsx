import { Alert, Group, Radio, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { BALANCE_TYPE_LABELS, BALANCE_TYPES, type BalanceType } from '../../../contract/finance/columns';
import {
  adjustBalanceBodySchema,
  BALANCE_ADJUSTMENT_LABELS,
  BALANCE_ADJUSTMENTS,
  type AdjustBalanceBody,
  type BalanceAdjustment,
  type UserRow,
} from '../../../contract/users';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { MoneyInput } from '../../forms/fields/MoneyInput';
import { useContractForm } from '../../forms/useContractForm';
import type { ActionDialogProps } from '../../resource/actions';
import { Field } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { formatMoney, subtractDecimals } from '../../ui/format';
import { userDetailQueryOptions } from './queries';

/**
 * Add money to one of a user's balances or deduct it, with a reason (docs/users.md, "Adjust
 * balance"). Shows the chosen balance now and after the change; a deduction is sent only when
 * Deduct is pressed again, after the dialog has said what leaves which balance. The server's field
 * errors stay on their fields and keep the dialog open.
 */

interface Values {
  action: BalanceAdjustment;
  amount: string;
  balanceType: BalanceType;
  reason: string;
}

/** The balance before the change, and after it ('' while the amount is not a number). */
function useBalances(row: UserRow, values: Values) {
  // The profile hands over its detail (with every balance); from a list the detail is fetched.
  const detail = useQuery(userDetailQueryOptions(row.id));
  const given = 'transactionsSummary' in row ? (row as UserRow & { transactionsSummary: Record<BalanceType, string> }).transactionsSummary : undefined;
  const summary = detail.data?.transactionsSummary ?? given;
  const current = values.balanceType === 'main' ? (detail.data?.balance ?? row.balance) : summary?.[values.balanceType];
  const amount = values.amount.trim();
  const after = current === undefined || !/^\d+(\.\d+)?$/.test(amount) ? '' : subtractDecimals(current, values.action === 'deduct' ? amount : `-${amount}`);
  return { current, after, loading: current === undefined && detail.isLoading, error: current === undefined ? detail.error : null };
}

export function AdjustBalanceDialog({ row, ...props }: ActionDialogProps<UserRow, AdjustBalanceBody>) {
  const form = useContractForm<Values, AdjustBalanceBody>({
    schema: adjustBalanceBodySchema,
    errors: props.errors,
    initialValues: { action: 'add', amount: '', balanceType: 'main', reason: '' },
    draft: { key: `adjust-balance:${row.id}` },
  });
  const { values } = form;
  const actionLabel = useId();
  const name = BALANCE_TYPE_LABELS[values.balanceType].toLowerCase();
  const { current, after, loading, error } = useBalances(row, values);
  const belowZero = after.startsWith('-');

  // The deduction the member has been asked about; any change of it asks again.
  const [asked, setAsked] = useState<string | null>(null);
  const deduction = (v: Pick<Values, 'action' | 'amount' | 'balanceType'>) => (v.action === 'deduct' ? `${v.balanceType}:${v.amount}` : null);
  const asking = deduction(values) !== null && asked === deduction(values);

  const onSubmit = async (body: AdjustBalanceBody) => {
    const key = deduction({ action: body.action, amount: String(body.amount), balanceType: body.balanceType });
    if (key !== null && asked !== key) {
      setAsked(key);
      return false;
    }
    return props.onSubmit(body);
  };
  const amountText = formatMoney(values.amount);
  const submitLabel = values.action === 'add' ? 'Add' : asking ? `Deduct ${amountText}` : 'Deduct';

  return (
    <FormDialog form={form} {...props} onSubmit={onSubmit} submitLabel={submitLabel} color={values.action === 'deduct' ? 'red' : undefined}>
      <Text size="sm">
        User {row.id} ({row.email}). The change is one entry in the user's ledger, with the reason as its comment.
      </Text>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={actionLabel}>
          Action
        </Text>
        <SegmentedControl
          aria-labelledby={actionLabel}
          data={BALANCE_ADJUSTMENTS.map((a) => ({ value: a, label: BALANCE_ADJUSTMENT_LABELS[a] }))}
          {...form.getInputProps('action')}
        />
      </Stack>
      <MoneyInput label="Amount" required data-autofocus {...form.getInputProps('amount')} />
      <Radio.Group label="Balance" required {...form.getInputProps('balanceType')}>
        <Group gap="md" mt={4}>
          {BALANCE_TYPES.map((type) => (
            <Radio key={type} value={type} label={BALANCE_TYPE_LABELS[type]} />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={2} aria-live="polite">
        <Field label={`Now on the ${name}`}>{loading ? 'Loading…' : error ? `Not known: ${errorMessage(error)}` : <Money value={current} />}</Field>
        <Field label="After this change">
          <Money value={after} signed={belowZero} />
          {belowZero && (
            <Text size="xs" style={{ color: 'var(--panel-money-negative)' }}>
              More than the balance holds: it cannot go below zero.
            </Text>
          )}
        </Field>
      </SimpleGrid>
      <Textarea
        label="Reason"
        required
        autosize
        minRows={2}
        maxLength={255}
        description="Kept with the ledger entry and in the user's history."
        {...form.getInputProps('reason')}
      />
      {asking && (
        <Alert color="red" role="alert" title="This takes money out of the user's balance">
          {amountText} leaves the {name} of {row.email}
          {after && !belowZero ? `, which will hold ${formatMoney(after)}` : ''}. Press “Deduct {amountText}” to deduct it.
        </Alert>
      )}
    </FormDialog>
  );
}
