import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { freeTrialBodySchema, freeTrialQuestBodySchema } from '../../../contract/free-trials';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { conflict, validationFailed } from '../../http/errors';
import { createRecord, updateRecord } from '../../kit/crud';
import { findById } from '../../kit/records';
import { freeTrialRecord, questRecord } from './records';

/**
 * Store, update, archive and restore of requests and quests, audited through the kit. What the
 * body names (a user by e-mail, a service, a quest) is checked here and reported on its field
 * (free-trial forms show the server's messages per field).
 */

type ParsedFreeTrial = Omit<z.output<typeof freeTrialBodySchema>, 'serviceId'> & { serviceId: number | null };
type ParsedQuest = Omit<z.output<typeof freeTrialQuestBodySchema>, 'serviceId'> & { serviceId: number | null };

async function resolveRequest(q: Queryable, body: ParsedFreeTrial) {
  const errors: Record<string, string[]> = {};
  const user = await one<{ id: number }>(q, sql`SELECT id FROM users WHERE email = ${body.userEmail.trim().toLowerCase()}`);
  if (!user) errors.userEmail = ['No user has this e-mail.'];
  const service =
    body.serviceId === null
      ? undefined
      : await one<{ id: number; min: number; max: number }>(
          q,
          sql`SELECT id, min_quantity AS min, max_quantity AS max FROM services WHERE id = ${body.serviceId} AND is_enabled AND NOT is_archived`,
        );
  if (!service) errors.serviceId = ['Choose an enabled service.'];
  else if (body.quantity > service.max) errors.quantity = [`The quantity may be at most ${service.max} for this service.`];
  if (body.questId) {
    const quest = await one<{ id: number }>(q, sql`SELECT id FROM free_trial_quests WHERE id = ${body.questId} AND NOT is_archived`);
    if (!quest) errors.questId = ['Choose a quest that is not archived.'];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return {
    userId: user!.id,
    serviceId: service!.id,
    questId: body.questId ?? null,
    url: body.url,
    quantity: body.quantity,
    comment: body.comment?.trim() ? body.comment.trim() : null,
  };
}

export async function storeFreeTrial(tx: Queryable, actor: Actor, body: ParsedFreeTrial): Promise<number> {
  const values = await resolveRequest(tx, body);
  const row = await createRecord(
    tx,
    actor,
    freeTrialRecord,
    { ...values, status: 'pending' },
    {
      changeLog: { information: ({ row }) => `Free trial ${row.id} requested for ${body.userEmail}: ${row.quantity} units at ${row.url}.` },
    },
  );
  return row.id;
}

export async function updateFreeTrial(tx: Queryable, actor: Actor, id: number, body: ParsedFreeTrial): Promise<void> {
  const current = await findById(tx, freeTrialRecord, id, { lock: true });
  if (current.status !== 'pending') throw conflict(`Free trial ${id} cannot be changed: it is ${current.status}.`);
  if (current.isArchived) throw conflict(`Free trial ${id} cannot be changed: it is archived.`);
  const values = await resolveRequest(tx, body);
  await updateRecord(tx, actor, freeTrialRecord, id, values, {
    changeLog: { information: ({ changed }) => `Free trial ${id} changed: ${changed.join(', ')}.` },
  });
}

/** Archive (true) or restore (false); a pending request is decided first. */
export async function setFreeTrialArchived(tx: Queryable, actor: Actor, id: number, archived: boolean): Promise<void> {
  const current = await findById(tx, freeTrialRecord, id, { lock: true });
  if (current.isArchived === archived) throw conflict(`Free trial ${id} is already ${archived ? 'archived' : 'active'}.`);
  if (archived && current.status === 'pending') throw conflict(`Free trial ${id} cannot be archived: it is pending. Approve or reject it first.`);
  await updateRecord(
    tx,
    actor,
    freeTrialRecord,
    id,
    { isArchived: archived },
    {
      event: archived ? 'archived' : 'restored',
      changeLog: { actionType: archived ? 'archive' : 'unarchive', information: () => `Free trial ${id} ${archived ? 'archived' : 'restored'}.` },
    },
  );
}

async function resolveQuest(q: Queryable, body: ParsedQuest) {
  const service =
    body.serviceId === null
      ? undefined
      : await one<{ id: number; max: number }>(q, sql`SELECT id, max_quantity AS max FROM services WHERE id = ${body.serviceId} AND NOT is_archived`);
  const errors: Record<string, string[]> = {};
  if (!service) errors.serviceId = ['Choose a service that is not archived.'];
  else if (body.quantity > service.max) errors.quantity = [`The quantity may be at most ${service.max} for this service.`];
  if (Object.keys(errors).length) throw validationFailed(errors);
  return {
    name: body.name,
    description: body.description ?? '',
    kind: body.kind,
    taskUrl: body.taskUrl ?? '',
    serviceId: service!.id,
    quantity: body.quantity,
    perUserLimit: body.perUserLimit,
    isEnabled: body.isEnabled,
  };
}

export async function storeQuest(tx: Queryable, actor: Actor, body: ParsedQuest): Promise<number> {
  const row = await createRecord(tx, actor, questRecord, await resolveQuest(tx, body), {
    changeLog: { information: ({ row }) => `Free-trial quest ${row.id} "${row.name}" created.` },
  });
  return row.id;
}

export async function updateQuest(tx: Queryable, actor: Actor, id: number, body: ParsedQuest): Promise<void> {
  const current = await findById(tx, questRecord, id, { lock: true });
  if (current.isArchived) throw conflict(`Free-trial quest ${id} cannot be changed: it is archived.`);
  await updateRecord(tx, actor, questRecord, id, await resolveQuest(tx, body), {
    changeLog: { information: ({ changed }) => `Free-trial quest ${id} changed: ${changed.join(', ')}.` },
  });
}

export async function setQuestArchived(tx: Queryable, actor: Actor, id: number, archived: boolean): Promise<void> {
  const current = await findById(tx, questRecord, id, { lock: true });
  if (current.isArchived === archived) throw conflict(`Free-trial quest ${id} is already ${archived ? 'archived' : 'active'}.`);
  await updateRecord(
    tx,
    actor,
    questRecord,
    id,
    { isArchived: archived },
    {
      event: archived ? 'archived' : 'restored',
      changeLog: {
        actionType: archived ? 'archive' : 'unarchive',
        information: () => `Free-trial quest ${id} "${current.name}" ${archived ? 'archived' : 'restored'}.`,
      },
    },
  );
}

export async function collections(q: Queryable) {
  const services = await rows<{ id: number; name: string }>(
    q,
    sql`SELECT id, name FROM services WHERE is_enabled AND NOT is_archived ORDER BY name, id LIMIT 2000`,
  );
  const quests = await rows<{ id: number; name: string; serviceId: number | null; quantity: number }>(
    q,
    sql`SELECT id, name, service_id AS "serviceId", quantity FROM free_trial_quests WHERE NOT is_archived ORDER BY name, id`,
  );
  return { services, quests };
}
