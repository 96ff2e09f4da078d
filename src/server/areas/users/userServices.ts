import { sql } from 'drizzle-orm';
import type { UserService } from '../../../contract/users';
import { writeAudit, writeChangeLog } from '../../audit';
import { one, rows, type Queryable } from '../../db/client';
import type { Actor } from '../../deps';
import { fieldError, notFound } from '../../http/errors';
import { decimalText, utcText } from '../../table';
import { findById } from '../../kit/records';
import { userRecord } from './records';

/** Custom prices (user_services): a user pays their own price for a service instead of its default. */

interface UserServiceRow {
  id: number;
  service_id: number;
  service_name: string;
  network: string;
  default_price: string;
  price: string;
  pricing_per: number;
  created_at: string;
}

const toItem = (r: UserServiceRow): UserService => ({
  id: r.id,
  serviceId: r.service_id,
  serviceName: r.service_name,
  network: r.network,
  defaultPrice: r.default_price,
  price: r.price,
  pricingPer: r.pricing_per,
  createdAt: r.created_at,
});

const selectUserServices = sql`SELECT us.id, us.service_id, s.name AS service_name, n.name AS network,
    ${decimalText(sql`s.default_price`)} AS default_price, ${decimalText(sql`us.price`)} AS price, s.pricing_per,
    ${utcText(sql`us.created_at`)} AS created_at
  FROM user_services us
  JOIN services s ON s.id = us.service_id
  JOIN service_types st ON st.id = s.service_type_id
  JOIN networks n ON n.id = st.network_id`;

export async function listUserServices(q: Queryable, userId: number): Promise<UserService[]> {
  await findById(q, userRecord, userId);
  const found = await rows<UserServiceRow>(q, sql`${selectUserServices} WHERE us.user_id = ${userId} ORDER BY n.sorting, s.name, us.id`);
  return found.map(toItem);
}

/** Creates or replaces the custom price of one service; audits the old and new price. */
export async function storeUserService(q: Queryable, actor: Actor, userId: number, serviceId: number, price: string): Promise<UserService> {
  await findById(q, userRecord, userId, { lock: true });
  const service = await one<{ name: string }>(q, sql`SELECT name FROM services WHERE id = ${serviceId}`);
  if (!service) throw fieldError('serviceId', 'The selected service is invalid.');
  const before = await one<{ price: string }>(
    q,
    sql`SELECT price::text AS price FROM user_services WHERE user_id = ${userId} AND service_id = ${serviceId} FOR UPDATE`,
  );
  const [saved] = await rows<{ id: number; price: string }>(
    q,
    sql`INSERT INTO user_services (user_id, service_id, price) VALUES (${userId}, ${serviceId}, round(${price}::numeric, 4))
        ON CONFLICT (user_id, service_id) DO UPDATE SET price = EXCLUDED.price
        RETURNING id, price::text AS price`,
  );
  if (before?.price !== saved.price) {
    await writeAudit(q, actor, {
      event: before ? 'updated' : 'created',
      auditableType: 'user_service',
      auditableId: saved.id,
      oldValues: before ? { user_id: userId, service_id: serviceId, price: before.price } : null,
      newValues: { user_id: userId, service_id: serviceId, price: saved.price },
    });
    await writeChangeLog(q, actor, {
      actionType: 'user_service',
      modelType: 'user',
      modelId: userId,
      information: `User ${userId}: custom price of "${service.name}" set to ${saved.price}.`,
    });
  }
  const item = await one<UserServiceRow>(q, sql`${selectUserServices} WHERE us.id = ${saved.id}`);
  return toItem(item!);
}

export async function destroyUserService(q: Queryable, actor: Actor, userId: number, serviceId: number): Promise<void> {
  await findById(q, userRecord, userId, { lock: true });
  const [removed] = await rows<{ id: number; price: string }>(
    q,
    sql`DELETE FROM user_services WHERE user_id = ${userId} AND service_id = ${serviceId} RETURNING id, price::text AS price`,
  );
  if (!removed) throw notFound('Custom price');
  await writeAudit(q, actor, {
    event: 'deleted',
    auditableType: 'user_service',
    auditableId: removed.id,
    oldValues: { user_id: userId, service_id: serviceId, price: removed.price },
    newValues: null,
  });
  await writeChangeLog(q, actor, {
    actionType: 'user_service',
    modelType: 'user',
    modelId: userId,
    information: `User ${userId}: custom price of service ${serviceId} removed.`,
  });
}
