import { sql } from 'drizzle-orm';
import type { ServiceChange, ServiceImpact } from '../../../contract/catalogue';
import { one, rows, type Queryable } from '../../db/client';
import { findById } from '../../kit/records';
import { serviceRecord } from './records';

/**
 * Impact before change (beyond the spec): what depends on a service before it is archived,
 * disabled or repriced — packages holding it, active subscriptions and drip feeds, orders still
 * being processed, special offers showing it.
 *
 * Packages and special offers keep their contents in tables of their own areas; they are counted
 * when those tables exist (package_contents, special_offer_services: a service_id column beside
 * the record's id), so this answer grows with them and never guesses.
 */

const CHANGE_WORDS: Record<ServiceChange, string> = { archive: 'Archiving', disable: 'Disabling', reprice: 'Repricing' };

async function tableHas(q: Queryable, table: string, columns: string[]): Promise<boolean> {
  const found = await one<{ n: number }>(
    q,
    sql`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table} AND column_name IN ${columns}`,
  );
  return (found?.n ?? 0) === columns.length;
}

async function linked(q: Queryable, linkTable: string, ownerColumn: string, ownerTable: string, serviceId: number) {
  if (!(await tableHas(q, linkTable, [ownerColumn, 'service_id'])) || !(await tableHas(q, ownerTable, ['id', 'name']))) return { count: 0, items: [] };
  const items = await rows<{ id: number; name: string }>(
    q,
    sql`SELECT DISTINCT o.id, o.name FROM ${sql.identifier(linkTable)} x JOIN ${sql.identifier(ownerTable)} o ON o.id = x.${sql.identifier(ownerColumn)}
         WHERE x.service_id = ${serviceId} ORDER BY o.id LIMIT 50`,
  );
  const total = await one<{ n: number }>(
    q,
    sql`SELECT count(DISTINCT x.${sql.identifier(ownerColumn)})::int AS n FROM ${sql.identifier(linkTable)} x WHERE x.service_id = ${serviceId}`,
  );
  return { count: total?.n ?? 0, items };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function serviceImpact(q: Queryable, serviceId: number, change: ServiceChange): Promise<ServiceImpact> {
  const service = await findById(q, serviceRecord, serviceId);
  const counts = await one<{ orders: number; subscriptions: number; drip_feeds: number }>(
    q,
    sql`SELECT
      (SELECT count(*)::int FROM orders WHERE service_id = ${serviceId} AND status IN ('in_processing', 'in_moderation')) AS orders,
      (SELECT count(DISTINCT ss.subscription_id)::int FROM subscription_services ss JOIN subscriptions su ON su.id = ss.subscription_id
        WHERE ss.service_id = ${serviceId} AND su.status = 'in_processing') AS subscriptions,
      (SELECT count(*)::int FROM drip_feeds WHERE service_id = ${serviceId} AND status = 'in_processing') AS drip_feeds`,
  );
  const packages = await linked(q, 'package_contents', 'package_id', 'packages', serviceId);
  const specialOffers = await linked(q, 'special_offer_services', 'special_offer_id', 'special_offers', serviceId);
  const parts = [
    packages.count ? plural(packages.count, 'package', 'packages') : null,
    counts!.subscriptions ? plural(counts!.subscriptions, 'active subscription', 'active subscriptions') : null,
    counts!.drip_feeds ? plural(counts!.drip_feeds, 'active drip feed', 'active drip feeds') : null,
    counts!.orders ? plural(counts!.orders, 'order in processing', 'orders in processing') : null,
    specialOffers.count ? plural(specialOffers.count, 'special offer', 'special offers') : null,
  ].filter((p): p is string => p !== null);
  const clear = parts.length === 0;
  return {
    service: { id: service.id, name: service.name },
    change,
    packages,
    activeSubscriptions: counts!.subscriptions,
    activeDripFeeds: counts!.drip_feeds,
    ordersInProcessing: counts!.orders,
    specialOffers,
    clear,
    summary: clear
      ? `Nothing depends on service ${service.id} (${service.name}).`
      : `${CHANGE_WORDS[change]} service ${service.id} (${service.name}) touches ${parts.join(', ')}.`,
  };
}
