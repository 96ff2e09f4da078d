import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CHARGE_CURRENCIES,
  CHARGE_TYPES,
  PAYMENT_METHOD_TYPES,
  PAYMENT_STRATEGIES,
  SECRET_MASK,
  paymentMethodTypeOf,
  type paymentMethodBodySchema,
  type PaymentMethodBonus,
  type PaymentMethodDetail,
  type storeBonusesBodySchema,
} from '../../../contract/finance';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import { paymentMethods } from '../../db/schema/finance';
import type { Actor } from '../../deps';
import { conflict, validationFailed } from '../../http/errors';
import { createRecord, deleteRecord, updateRecord } from '../../kit/crud';
import { findById, utcString, type RowOf } from '../../kit/records';
import type { TableContext } from '../../table';
import { BONUSES_JSON, parseJson, paymentMethodFlags } from './table';
import { bonusRecord, paymentMethodRecord } from './transitions';

/**
 * Payment methods and their bonuses. Secrets: answered masked, a mask sent back keeps the stored
 * value, a blank field clears it; the record marks the column secret,
 * so audit entries say 'changed' and never hold a value. Nothing here logs a body.
 */

type MethodBody = z.output<typeof paymentMethodBodySchema>;
type BonusesBody = z.output<typeof storeBonusesBodySchema>;
type MethodRow = RowOf<typeof paymentMethods>;

const maskSecrets = (type: string, stored: Record<string, string>): Record<string, string> => {
  const fields = paymentMethodTypeOf(type)?.secretFields ?? [];
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = stored[field.name];
    // A choice from a fixed list is not a credential: it is shown as chosen.
    out[field.name] = value === undefined || value === '' ? '' : field.options ? value : SECRET_MASK;
  }
  return out;
};

/** The secrets to store: the type's fields only; a mask keeps the stored value; options are checked. */
function secretsToStore(type: string, sent: Record<string, string>, stored: Record<string, string>): Record<string, string> {
  const fields = paymentMethodTypeOf(type)?.secretFields ?? [];
  const errors: Record<string, string[]> = {};
  const out: Record<string, string> = {};
  for (const key of Object.keys(sent)) {
    if (!fields.some((f) => f.name === key)) errors[`secrets.${key}`] = [`The ${type} type has no secret named ${key}.`];
  }
  for (const field of fields) {
    const value = sent[field.name];
    if (value === undefined) out[field.name] = stored[field.name] ?? field.default;
    else if (value === SECRET_MASK) out[field.name] = stored[field.name] ?? '';
    else out[field.name] = value.trim();
    if (field.options && out[field.name] !== '' && !field.options.includes(out[field.name])) {
      errors[`secrets.${field.name}`] = [`Choose one of: ${field.options.join(', ')}.`];
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return out;
}

export function toDetail(m: MethodRow, bonuses: PaymentMethodBonus[], ctx: TableContext): PaymentMethodDetail {
  const w = m.withdrawalOptions;
  return {
    id: m.id,
    name: m.name,
    type: m.type,
    status: m.isEnabled ? 'enabled' : 'disabled',
    icon: m.icon,
    position: m.position,
    minAmount: m.minAmount,
    maxAmount: m.maxAmount,
    feePercent: m.feePercent,
    chargeCurrency: m.chargeCurrency,
    isAllowedForNewUser: m.isAllowedForNewUser,
    paymentMethodBonuses: bonuses,
    actions: paymentMethodFlags(m.isEnabled, ctx.permissions),
    description: m.description,
    translations: m.translations,
    allowQrCode: m.allowQrCode,
    paymentQrCode: m.paymentQrCode,
    chargeType: m.chargeType as PaymentMethodDetail['chargeType'],
    strategy: m.strategy as PaymentMethodDetail['strategy'],
    isEnabled: m.isEnabled,
    secrets: maskSecrets(m.type, m.secrets),
    publicFields: m.publicFields,
    withdrawalOptions: { ...w, feePercent: Number(w.feePercent).toFixed(3) },
    updatedAt: utcString(m.updatedAt),
  };
}

async function bonusesOf(q: Queryable, methodId: number): Promise<PaymentMethodBonus[]> {
  const row = await one<{ bonuses: PaymentMethodBonus[] | string }>(
    q,
    sql`SELECT ${BONUSES_JSON('pm')} AS bonuses FROM payment_methods pm WHERE pm.id = ${methodId}`,
  );
  return parseJson<PaymentMethodBonus[]>(row?.bonuses ?? null, []);
}

export async function loadMethodDetail(q: Queryable, id: number, ctx: TableContext): Promise<PaymentMethodDetail> {
  const method = await findById(q, paymentMethodRecord, id);
  return toDetail(method, await bonusesOf(q, id), ctx);
}

function columnsOf(body: MethodBody, stored: Record<string, string>) {
  const en = body.translations.en ?? { name: '', description: '' };
  return {
    type: body.type,
    name: en.name,
    description: en.description ?? '',
    translations: body.translations as Record<string, Record<string, string>>,
    icon: body.icon ?? null,
    allowQrCode: body.allowQrCode,
    paymentQrCode: body.paymentQrCode ?? null,
    minAmount: body.minAmount,
    maxAmount: body.maxAmount,
    feePercent: body.feePercent,
    chargeCurrency: body.chargeCurrency,
    chargeType: body.chargeType,
    strategy: body.strategy,
    isEnabled: body.isEnabled,
    isAllowedForNewUser: body.isAllowedForNewUser,
    secrets: secretsToStore(body.type, body.secrets, stored),
    publicFields: body.publicFields,
    withdrawalOptions: {
      availableForWithdrawal: body.withdrawalOptions.availableForWithdrawal,
      feePercent: body.withdrawalOptions.feePercent,
      maxAmount: body.withdrawalOptions.maxAmount,
      minAmount: body.withdrawalOptions.minAmount,
      minFee: body.withdrawalOptions.minFee,
    },
  };
}

export async function storeMethod(tx: Queryable, actor: Actor, body: MethodBody, ctx: TableContext): Promise<PaymentMethodDetail> {
  const count = await one<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM payment_methods`);
  const row = await createRecord(
    tx,
    actor,
    paymentMethodRecord,
    { ...columnsOf(body, {}), position: body.position ?? count!.n + 1 },
    {
      changeLog: { information: ({ row }) => `Payment method ${row.id} (${row.name}, ${row.type}) created.` },
    },
  );
  return toDetail(row, [], ctx);
}

export async function updateMethod(tx: Queryable, actor: Actor, id: number, body: MethodBody, ctx: TableContext): Promise<PaymentMethodDetail> {
  const before = await findById(tx, paymentMethodRecord, id, { lock: true });
  // A type change starts from the new type's defaults: another gateway's credentials are never kept.
  const stored = before.type === body.type ? before.secrets : {};
  const { after } = await updateRecord(
    tx,
    actor,
    paymentMethodRecord,
    id,
    { ...columnsOf(body, stored), position: body.position },
    {
      changeLog: { information: ({ after, changed }) => `Payment method ${id} (${after.name}) updated: ${changed.join(', ')}.` },
    },
  );
  return toDetail(after, await bonusesOf(tx, id), ctx);
}

export async function setMethodEnabled(tx: Queryable, actor: Actor, id: number, enabled: boolean, ctx: TableContext): Promise<PaymentMethodDetail> {
  const before = await findById(tx, paymentMethodRecord, id, { lock: true });
  if (before.isEnabled === enabled) throw conflict(`Payment method ${id} is already ${enabled ? 'enabled' : 'disabled'}.`);
  const { after } = await updateRecord(
    tx,
    actor,
    paymentMethodRecord,
    id,
    { isEnabled: enabled },
    {
      event: enabled ? 'enabled' : 'disabled',
      changeLog: {
        actionType: enabled ? 'enable' : 'disable',
        information: () => `Payment method ${id} (${before.name}) ${enabled ? 'enabled' : 'disabled'}.`,
      },
    },
  );
  return toDetail(after, await bonusesOf(tx, id), ctx);
}

/** New positions 1..n in the order given; every method must be named once. */
export async function sortMethods(tx: Queryable, actor: Actor, ids: number[]): Promise<void> {
  const all = await rows<{ id: number; position: number }>(tx, sql`SELECT id, position FROM payment_methods ORDER BY id FOR UPDATE`);
  const known = new Set(all.map((r) => r.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw validationFailed({ ids: [`Unknown payment methods: ${unknown.join(', ')}.`] });
  if (ids.length !== all.length) throw validationFailed({ ids: ['Every payment method must be placed.'] });
  const before = Object.fromEntries(all.map((r) => [r.id, r.position]));
  await tx.execute(sql`UPDATE payment_methods pm SET position = s.n, updated_at = now()
    FROM unnest(${sql`ARRAY[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]`}) WITH ORDINALITY AS s(id, n)
    WHERE pm.id = s.id AND pm.position <> s.n`);
  const after = Object.fromEntries(ids.map((id, i) => [id, i + 1]));
  await writeAudit(tx, actor, {
    event: 'sorted',
    auditableType: 'payment_method',
    auditableId: null,
    oldValues: { positions: before },
    newValues: { positions: after },
  });
  await writeChangeLog(tx, actor, {
    actionType: 'sort',
    modelType: 'payment_method',
    modelId: null,
    information: `Payment methods reordered: ${ids.join(', ')}.`,
  });
}

/**
 * Stores a method's bonuses together: rows with an id are updated (they must be the method's),
 * rows without one created. Rows left out are kept (deleting is its own call).
 */
export async function storeBonuses(tx: Queryable, actor: Actor, methodId: number, body: BonusesBody): Promise<PaymentMethodBonus[]> {
  await findById(tx, paymentMethodRecord, methodId, { lock: true });
  const own = new Set((await rows<{ id: number }>(tx, sql`SELECT id FROM payment_method_bonuses WHERE payment_method_id = ${methodId}`)).map((r) => r.id));
  const errors: Record<string, string[]> = {};
  body.bonuses.forEach((b, i) => {
    if (b.id != null && !own.has(b.id)) errors[`bonuses.${i}.id`] = [`Bonus ${b.id} is not a bonus of payment method ${methodId}.`];
  });
  // A new row may not start where a stored row left out of the list already starts.
  const sentIds = new Set(body.bonuses.map((b) => b.id).filter((id): id is number => id != null));
  const untouched = await rows<{ from_amount: string }>(
    tx,
    sql`SELECT from_amount::text AS from_amount FROM payment_method_bonuses WHERE payment_method_id = ${methodId}
        ${sentIds.size ? sql`AND id NOT IN ${[...sentIds]}` : sql``}`,
  );
  body.bonuses.forEach((b, i) => {
    if (untouched.some((u) => Number(u.from_amount) === Number(b.fromAmount))) errors[`bonuses.${i}.fromAmount`] = ['Another bonus starts at this amount.'];
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  for (const b of body.bonuses) {
    const values = { bonusPercent: b.bonusPercent, fromAmount: b.fromAmount, isEnabled: b.isEnabled };
    if (b.id != null) await updateRecord(tx, actor, bonusRecord, b.id, values);
    else await createRecord(tx, actor, bonusRecord, { ...values, paymentMethodId: methodId });
  }
  await writeChangeLog(tx, actor, {
    actionType: 'update',
    modelType: 'payment_method',
    modelId: methodId,
    information: `Payment method ${methodId}: ${body.bonuses.length} bonus${body.bonuses.length === 1 ? '' : 'es'} stored.`,
  });
  return bonusesOf(tx, methodId);
}

export async function deleteBonus(tx: Queryable, actor: Actor, bonusId: number): Promise<string> {
  const row = await deleteRecord(tx, actor, bonusRecord, bonusId, {
    changeLog: { information: ({ row }) => `Bonus ${row.id} of payment method ${row.paymentMethodId} deleted.` },
  });
  return `Bonus ${row.id} deleted.`;
}

export const collections = async (q: Queryable) => ({
  types: PAYMENT_METHOD_TYPES.map((t) => ({
    type: t.type,
    label: t.label,
    secretFields: t.secretFields.map((f) => ({ ...f, options: f.options ? [...f.options] : undefined })),
  })),
  chargeCurrencies: [...CHARGE_CURRENCIES],
  chargeTypes: [...CHARGE_TYPES],
  strategies: [...PAYMENT_STRATEGIES],
  count: (await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM payment_methods`))!.n,
});
