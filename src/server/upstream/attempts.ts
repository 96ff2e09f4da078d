import { sql } from 'drizzle-orm';
import type { ExternalPanelOrderStatus } from '../../contract/external-panel-orders';
import { rows, type Db } from '../db/client';
import type { Actor } from '../deps';
import type { SmmClient } from './client';

/**
 * What the order worker's steps (queue, send, follow) share: an attempt as they read it (an
 * external-panel order with its provider's endpoint and key), the actor they log as, and the
 * context the worker gives them.
 */

export interface Attempt {
  id: number;
  order_id: number;
  provider_id: number;
  provider_name: string;
  endpoint: string;
  api_token: string;
  external_service_id: string | null;
  external_id: string | null;
  status: ExternalPanelOrderStatus;
  quantity: number;
  base_quantity: number;
  url: string;
}

/** Every change log line the worker writes is the system's. */
export const WORKER_ACTOR: Actor = { staffId: null, ip: null, userAgent: 'order-worker' };

export interface StepContext {
  db: Db;
  /** The SMM client for an attempt's provider (one per endpoint and key, kept between rounds). */
  clientFor(attempt: Pick<Attempt, 'endpoint' | 'api_token'>): SmmClient;
  onError(error: unknown): void;
}

export async function loadAttempts(db: Db, where: ReturnType<typeof sql>, limit: number, order: ReturnType<typeof sql>): Promise<Attempt[]> {
  return rows<Attempt>(
    db,
    sql`SELECT e.id::int AS id, e.order_id::int AS order_id, e.provider_id, p.name AS provider_name, p.endpoint, p.api_token,
               e.external_service_id, e.external_id, e.status, e.quantity, e.base_quantity, e.url
          FROM external_panel_orders e JOIN providers p ON p.id = e.provider_id
         WHERE ${where}
         ORDER BY ${order}
         LIMIT ${limit}`,
  );
}
