import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/**
 * The simulator's service list: what `action=services` answers. Ids are the provider's service
 * numbers; the panel's provider services point at them (external_panel_service_id).
 */
export interface SimServiceSeed {
  id: number;
  name: string;
  category: string;
  /** Price per 1000, a decimal string. */
  rate: string;
  min: number;
  max: number;
  refill?: boolean;
  cancel?: boolean;
  dripfeed?: boolean;
  type?: string;
}

export const SIM_SERVICES: readonly SimServiceSeed[] = [
  { id: 1, name: 'YouTube Views [Real]', category: 'YouTube', rate: '0.6000', min: 100, max: 1000000, refill: true, cancel: true, dripfeed: true },
  { id: 2, name: 'YouTube Views [High Retention]', category: 'YouTube', rate: '1.4000', min: 500, max: 500000, cancel: true, dripfeed: true },
  { id: 3, name: 'YouTube Subscribers [30 days refill]', category: 'YouTube', rate: '12.0000', min: 50, max: 20000, refill: true },
  { id: 4, name: 'YouTube Likes', category: 'YouTube', rate: '3.2000', min: 20, max: 50000, cancel: true },
  { id: 5, name: 'YouTube Comments [Custom]', category: 'YouTube', rate: '22.0000', min: 10, max: 1000, type: 'Custom Comments' },
  { id: 11, name: 'Instagram Followers [Real]', category: 'Instagram', rate: '1.7000', min: 50, max: 100000, refill: true, cancel: true, dripfeed: true },
  { id: 12, name: 'Instagram Followers [Premium]', category: 'Instagram', rate: '3.9000', min: 50, max: 50000, refill: true },
  { id: 13, name: 'Instagram Likes [Instant]', category: 'Instagram', rate: '0.4000', min: 20, max: 100000, cancel: true, dripfeed: true },
  { id: 14, name: 'Instagram Reels Views', category: 'Instagram', rate: '0.0700', min: 500, max: 10000000, dripfeed: true },
  { id: 15, name: 'Instagram Story Views', category: 'Instagram', rate: '0.2000', min: 100, max: 100000 },
  { id: 21, name: 'TikTok Followers', category: 'TikTok', rate: '2.1000', min: 50, max: 100000, refill: true, cancel: true },
  { id: 22, name: 'TikTok Likes', category: 'TikTok', rate: '0.5500', min: 50, max: 100000, cancel: true, dripfeed: true },
  { id: 23, name: 'TikTok Views', category: 'TikTok', rate: '0.0250', min: 1000, max: 50000000, dripfeed: true },
  { id: 24, name: 'TikTok Shares', category: 'TikTok', rate: '0.4500', min: 100, max: 100000 },
  { id: 31, name: 'Telegram Channel Members', category: 'Telegram', rate: '1.4500', min: 100, max: 100000, refill: true, cancel: true },
  { id: 32, name: 'Telegram Post Views', category: 'Telegram', rate: '0.0500', min: 100, max: 1000000, dripfeed: true },
  { id: 33, name: 'Telegram Reactions', category: 'Telegram', rate: '0.3000', min: 20, max: 100000 },
  { id: 41, name: 'Facebook Page Likes', category: 'Facebook', rate: '2.7500', min: 100, max: 50000, refill: true },
  { id: 42, name: 'Facebook Video Views', category: 'Facebook', rate: '0.3000', min: 500, max: 1000000, cancel: true },
  { id: 43, name: 'Facebook Group Members', category: 'Facebook', rate: '4.5000', min: 100, max: 20000 },
];

const ensured = new WeakSet<object>();

/** Inserts the catalogue once per database handle (idempotent: existing ids are left as they are). */
export async function ensureSimCatalogue(q: Queryable): Promise<void> {
  if (ensured.has(q)) return;
  const values = SIM_SERVICES.map(
    (s) =>
      sql`(${s.id}, ${s.name}, ${s.type ?? 'Default'}, ${s.category}, ${s.rate}::numeric, ${s.min}, ${s.max}, ${!!s.refill}, ${!!s.cancel}, ${!!s.dripfeed})`,
  );
  await q.execute(sql`INSERT INTO sim_services (id, name, type, category, rate, min, max, refill, cancel, dripfeed)
    VALUES ${sql.join(values, sql`, `)} ON CONFLICT (id) DO NOTHING`);
  ensured.add(q);
}

/** Opens an account at the simulator (or tops up and keeps the key when it exists). */
export async function ensureSimAccount(q: Queryable, apiKey: string, balance = '10000.0000', currency = 'USD'): Promise<void> {
  await q.execute(sql`INSERT INTO sim_accounts (api_key, balance, currency) VALUES (${apiKey}, ${balance}::numeric, ${currency})
    ON CONFLICT (api_key) DO NOTHING`);
}
