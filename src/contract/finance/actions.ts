import type { EndpointName } from '../endpoints';
import type { InvoiceStatus, PaymentMethodStatus, WithdrawalStatus } from './columns';
import type { PaymentMethodRow, WithdrawalRow } from './index';

/**
 * The finance actions, said once for the server's transitions and row flags and the console's
 * declarations: the menu label, the past participle of its messages ("Invoice 12 cannot be marked
 * as paid: it is paid."), the row flag that allows it, the statuses it starts from and the
 * endpoint that performs it, whose permission is the action's. A flag is true exactly when the
 * action would succeed. Schema-free: the console's start-up code imports it.
 */
export interface FinanceActionFacts<Status extends string, Flag extends string> {
  label: string;
  past: string;
  flag: Flag;
  from: readonly Status[];
  endpoint: EndpointName;
}

export const INVOICE_ACTIONS: Readonly<Record<'markAsPaid', FinanceActionFacts<InvoiceStatus, 'canBeMarkedAsPaid'>>> = {
  markAsPaid: { label: 'Mark as paid', past: 'marked as paid', flag: 'canBeMarkedAsPaid', from: ['pending', 'expired'], endpoint: 'invoicesMarkAsPaid' },
};

type WithdrawalFlag = keyof WithdrawalRow['actions'];

export const WITHDRAWAL_ACTIONS: Readonly<Record<'approve' | 'reject' | 'markAsPaid', FinanceActionFacts<WithdrawalStatus, WithdrawalFlag>>> = {
  approve: { label: 'Approve', past: 'approved', flag: 'approvable', from: ['pending'], endpoint: 'withdrawalsApprove' },
  // Rejecting gives the held amount back, so it is open until the withdrawal is paid.
  reject: { label: 'Reject', past: 'rejected', flag: 'rejectable', from: ['pending', 'approved'], endpoint: 'withdrawalsReject' },
  markAsPaid: { label: 'Paid', past: 'marked as paid', flag: 'payable', from: ['pending', 'approved'], endpoint: 'withdrawalsMarkAsPaid' },
};

type PaymentMethodFlag = keyof PaymentMethodRow['actions'];

export const PAYMENT_METHOD_ACTIONS: Readonly<Record<'enable' | 'disable', FinanceActionFacts<PaymentMethodStatus, PaymentMethodFlag>>> = {
  enable: { label: 'Enable', past: 'enabled', flag: 'enablable', from: ['disabled'], endpoint: 'paymentMethodsEnable' },
  disable: { label: 'Disable', past: 'disabled', flag: 'disablable', from: ['enabled'], endpoint: 'paymentMethodsDisable' },
};
