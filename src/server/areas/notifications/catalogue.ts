/** The panel's notifications: key, name, default description, and whether staff can receive it (admin notifications). */
export const PANEL_NOTIFICATIONS = [
  { notification: 'order_completed', name: 'Order completed', description: 'E-mail the customer when an order is completed.', forStaff: false },
  { notification: 'order_canceled', name: 'Order canceled', description: 'E-mail the customer when an order is canceled, with the refund.', forStaff: false },
  {
    notification: 'order_partial',
    name: 'Order partially completed',
    description: 'E-mail the customer when an order ends partial, with the refund.',
    forStaff: false,
  },
  { notification: 'invoice_paid', name: 'Payment received', description: 'E-mail the customer a receipt when an invoice is paid.', forStaff: false },
  { notification: 'withdrawal_paid', name: 'Withdrawal paid', description: 'E-mail the customer when their withdrawal is paid.', forStaff: false },
  { notification: 'withdrawal_requested', name: 'Withdrawal requested', description: 'Tell staff when a customer requests a withdrawal.', forStaff: true },
  { notification: 'free_trial_requested', name: 'Free trial requested', description: 'Tell staff when a customer asks for a free trial.', forStaff: true },
  { notification: 'user_registered', name: 'New customer', description: 'Tell staff when a customer signs up.', forStaff: true },
  {
    notification: 'orders_without_providers',
    name: 'Orders without providers',
    description: 'Tell staff when orders have no active provider left.',
    forStaff: true,
  },
  { notification: 'provider_balance_low', name: 'Provider balance low', description: "Tell staff when a provider's balance runs low.", forStaff: true },
  { notification: 'provider_sync_failed', name: 'Provider sync failed', description: 'Tell staff when a provider sync fails.', forStaff: true },
] as const;
