import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { labelBodySchema, LabelRow, targetBodySchema, TargetRow, targetTypeBodySchema, TargetTypeRow } from '../../../contract/catalogue';
import { one, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { fieldError } from '../../http/errors';
import { createRecord, deleteRecord, updateRecord } from '../../kit/crud';
import { findById } from '../../kit/records';
import type { TableContext } from '../../table';
import { labelRecord, targetRecord, targetTypeRecord } from './records';
import { findLabelRow, findTargetRow, findTargetTypeRow } from './table';
import { englishName } from './translations';

/** Labels (features), targets and target types: create, update, and deleting a label. */

type Texts = Record<string, Record<string, string>>;

export async function storeLabel(tx: Queryable, actor: Actor, body: z.output<typeof labelBodySchema>, ctx: TableContext): Promise<LabelRow> {
  const translations = body.translations as Texts;
  const row = await createRecord(
    tx,
    actor,
    labelRecord,
    { name: englishName(translations), icon: body.icon, translations },
    {
      changeLog: { information: ({ row }) => `Label ${row.id} (${row.name}) created.` },
    },
  );
  return (await findLabelRow(tx, row.id, ctx))!;
}

export async function updateLabel(tx: Queryable, actor: Actor, id: number, body: z.output<typeof labelBodySchema>, ctx: TableContext): Promise<LabelRow> {
  const translations = body.translations as Texts;
  await updateRecord(
    tx,
    actor,
    labelRecord,
    id,
    { name: englishName(translations), icon: body.icon, translations },
    {
      changeLog: { information: ({ after, changed }) => `Label ${id} (${after.name}) updated: ${changed.join(', ')}.` },
    },
  );
  return (await findLabelRow(tx, id, ctx))!;
}

export async function removeLabel(tx: Queryable, actor: Actor, id: number): Promise<string> {
  const used = await one<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM service_labels WHERE label_id = ${id}`);
  const row = await deleteRecord(tx, actor, labelRecord, id, {
    changeLog: { information: ({ row }) => `Label ${row.id} (${row.name}) deleted; it left ${used?.n ?? 0} services.` },
  });
  return `Label ${row.name} deleted${used?.n ? `; it no longer shows on ${used.n} service${used.n === 1 ? '' : 's'}` : ''}.`;
}

export async function storeTargetType(tx: Queryable, actor: Actor, body: z.output<typeof targetTypeBodySchema>, ctx: TableContext): Promise<TargetTypeRow> {
  const row = await createRecord(
    tx,
    actor,
    targetTypeRecord,
    { ...body },
    { changeLog: { information: ({ row }) => `Target type ${row.id} (${row.title}) created.` } },
  );
  return (await findTargetTypeRow(tx, row.id, ctx))!;
}

export async function updateTargetType(
  tx: Queryable,
  actor: Actor,
  id: number,
  body: z.output<typeof targetTypeBodySchema>,
  ctx: TableContext,
): Promise<TargetTypeRow> {
  await updateRecord(
    tx,
    actor,
    targetTypeRecord,
    id,
    { ...body },
    {
      changeLog: { information: ({ after, changed }) => `Target type ${id} (${after.title}) updated: ${changed.join(', ')}.` },
    },
  );
  return (await findTargetTypeRow(tx, id, ctx))!;
}

function targetColumns(body: z.output<typeof targetBodySchema>) {
  const translations = body.translations as Texts;
  const en = translations.en ?? {};
  return {
    name: englishName(translations),
    description: en.description ?? '',
    placeholder: en.placeholder ?? '',
    translations,
    targetTypeId: body.target_type_id!,
    isVisibleDefaultValues: body.is_visible_default_values,
    selectableValues: body.selectable_values,
  };
}

async function checkTargetType(q: Queryable, id: number): Promise<void> {
  await findById(q, targetTypeRecord, id).catch(() => {
    throw fieldError('target_type_id', 'Choose an existing target type.');
  });
}

export async function storeTarget(tx: Queryable, actor: Actor, body: z.output<typeof targetBodySchema>, ctx: TableContext): Promise<TargetRow> {
  await checkTargetType(tx, body.target_type_id!);
  const row = await createRecord(tx, actor, targetRecord, targetColumns(body), {
    changeLog: { information: ({ row }) => `Target ${row.id} (${row.name}) created.` },
  });
  return (await findTargetRow(tx, row.id, ctx))!;
}

export async function updateTarget(tx: Queryable, actor: Actor, id: number, body: z.output<typeof targetBodySchema>, ctx: TableContext): Promise<TargetRow> {
  await findById(tx, targetRecord, id, { lock: true });
  await checkTargetType(tx, body.target_type_id!);
  await updateRecord(tx, actor, targetRecord, id, targetColumns(body), {
    changeLog: { information: ({ after, changed }) => `Target ${id} (${after.name}) updated: ${changed.join(', ')}.` },
  });
  return (await findTargetRow(tx, id, ctx))!;
}
