import { defineHandlers } from '../../http/handlers';
import { ledgerCheck, userLedger } from './ledger';
import { collections, deleteBonus, loadMethodDetail, setMethodEnabled, sortMethods, storeBonuses, storeMethod, updateMethod } from './methods';
import { findInvoiceRow, findWithdrawalRow, invoicesTable, paymentMethodsTable, transactionsTable, withdrawalsTable } from './table';
import { displayMoney } from '../../kit/ledger';
import { loadInvoiceDetail, loadTransactionDetail, loadWithdrawalDetail } from './records';
import { markInvoicePaid, withdrawalTransitions } from './transitions';

/** Finance: invoices, withdrawals, payments, payment methods and their bonuses. */
export const financeHandlers = defineHandlers({
  invoicesTable: async ({ query, staff, deps }) => invoicesTable.query(deps.database.db, query, staff),

  invoicesShow: async ({ params: { id }, staff, deps }) => loadInvoiceDetail(deps.database.db, id, staff),

  invoicesMarkAsPaid: async ({ params: { id }, body, staff, actor, deps }) =>
    markInvoicePaid.run(
      deps,
      actor,
      id,
      async (tx, change) => ({
        message: `Invoice ${id} marked as paid: ${displayMoney(change.effects.credited)} credited${Number(change.effects.bonus) > 0 ? ` plus a bonus of ${displayMoney(change.effects.bonus)}` : ''}.`,
        invoice: (await findInvoiceRow(tx, id, staff))!,
        credited: change.effects.credited,
        bonus: change.effects.bonus,
        balance: change.effects.balance,
      }),
      { amount: body.amount },
    ),

  withdrawalsTable: async ({ body, staff, deps }) => withdrawalsTable.query(deps.database.db, body, staff),

  withdrawalsShow: async ({ params: { withdrawalId: id }, staff, deps }) => loadWithdrawalDetail(deps.database.db, id, staff),

  withdrawalsApprove: async ({ params: { withdrawalId: id }, staff, actor, deps }) =>
    withdrawalTransitions.approve.run(deps, actor, id, async (tx) => ({
      message: `Withdrawal ${id} approved.`,
      withdrawal: (await findWithdrawalRow(tx, id, staff))!,
    })),

  withdrawalsReject: async ({ params: { withdrawalId: id }, body, staff, actor, deps }) =>
    withdrawalTransitions.reject.run(
      deps,
      actor,
      id,
      async (tx, change) => ({
        message: `Withdrawal ${id} rejected; ${displayMoney(change.effects.released)} returned to the balance.`,
        withdrawal: (await findWithdrawalRow(tx, id, staff))!,
      }),
      { adminNote: body.admin_note },
    ),

  withdrawalsMarkAsPaid: async ({ params: { withdrawalId: id }, body, staff, actor, deps }) =>
    withdrawalTransitions.markAsPaid.run(
      deps,
      actor,
      id,
      async (tx) => ({ message: `Withdrawal ${id} marked as paid.`, withdrawal: (await findWithdrawalRow(tx, id, staff))! }),
      { transactionId: body.transaction_id },
    ),

  paymentsTable: async ({ body, staff, deps }) => transactionsTable.query(deps.database.db, body, staff),

  paymentsShow: async ({ params: { id }, staff, deps }) => loadTransactionDetail(deps.database.db, id, staff),

  paymentsLedgerCheck: async ({ deps }) => ledgerCheck(deps.database.db),

  paymentsUserLedger: async ({ params, query, staff, deps }) => userLedger(deps.database.db, params.userId, query.page, query.perPage, staff),

  paymentMethodsTable: async ({ body, staff, deps }) => paymentMethodsTable.query(deps.database.db, body, staff),

  paymentMethodsCollections: async ({ deps }) => collections(deps.database.db),

  paymentMethodsSort: async ({ body, actor, deps }) => {
    await deps.database.db.transaction((tx) => sortMethods(tx, actor, body.ids));
    return { message: 'Payment methods reordered.' };
  },

  paymentMethodsStore: async ({ body, staff, actor, deps }) => {
    const paymentMethod = await deps.database.db.transaction((tx) => storeMethod(tx, actor, body, staff));
    return { message: `Payment method ${paymentMethod.name} created.`, paymentMethod };
  },

  paymentMethodsShow: async ({ params, staff, deps }) => loadMethodDetail(deps.database.db, params.paymentMethodId, staff),

  paymentMethodsUpdate: async ({ params, body, staff, actor, deps }) => {
    const paymentMethod = await deps.database.db.transaction((tx) => updateMethod(tx, actor, params.paymentMethodId, body, staff));
    return { message: `Payment method ${paymentMethod.name} updated.`, paymentMethod };
  },

  paymentMethodsEnable: async ({ params, staff, actor, deps }) => {
    const paymentMethod = await deps.database.db.transaction((tx) => setMethodEnabled(tx, actor, params.paymentMethodId, true, staff));
    return { message: `Payment method ${paymentMethod.name} enabled.`, paymentMethod };
  },

  paymentMethodsDisable: async ({ params, staff, actor, deps }) => {
    const paymentMethod = await deps.database.db.transaction((tx) => setMethodEnabled(tx, actor, params.paymentMethodId, false, staff));
    return { message: `Payment method ${paymentMethod.name} disabled.`, paymentMethod };
  },

  paymentMethodBonusesStore: async ({ params, body, actor, deps }) => {
    const paymentMethodBonuses = await deps.database.db.transaction((tx) => storeBonuses(tx, actor, params.paymentMethodId, body));
    return { message: 'Bonuses saved.', paymentMethodBonuses };
  },

  paymentMethodBonusesDelete: async ({ params, actor, deps }) => ({
    message: await deps.database.db.transaction((tx) => deleteBonus(tx, actor, params.bonusId)),
  }),
});
