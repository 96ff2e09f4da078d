import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PROVIDER_CURRENCIES,
  PROVIDER_SERVICE_TYPE_LABELS,
  PROVIDER_SERVICE_TYPES,
  type providerServiceBodySchema,
  type ProviderServiceDetail,
  type ProviderType,
} from '../../../contract/providers';
import { rows, type Queryable } from '../../db/client';
import { fieldError, notFound } from '../../http/errors';
import { defineHandlers } from '../../http/handlers';
import { createRecord, updateRecord } from '../../kit/crud';
import { findById } from '../../kit/records';
import type { TableContext } from '../../table';
import { archiveProviderService, providerServiceRecord, unarchiveProviderService } from './records';
import { providerServiceRows, providerServicesTable } from './table';

/** Provider services (pricing rules): list, editor, archive and unarchive. */

type Body = z.output<typeof providerServiceBodySchema>;

export async function providerServiceDetail(q: Queryable, id: number, ctx: TableContext): Promise<ProviderServiceDetail> {
  const [row] = await providerServiceRows(q, sql`ps.id = ${id}`, ctx);
  if (!row) throw notFound(`Provider service ${id}`);
  const services = await rows<{ id: number; name: string; is_active: boolean; priority: number }>(
    q,
    sql`SELECT s.id, s.name, sp.is_active, sp.priority FROM service_providers sp JOIN services s ON s.id = sp.service_id
        WHERE sp.provider_service_id = ${id} ORDER BY s.id`,
  );
  return { ...row, services: services.map((s) => ({ id: s.id, name: s.name, isActive: s.is_active, priority: s.priority })) };
}

/** The columns of a body; the provider must exist (a 422 on its field otherwise). */
async function columnsOf(q: Queryable, body: Body) {
  const [provider] = await rows<{ id: number; currency: string }>(
    q,
    sql`SELECT id, currency FROM providers WHERE id = ${body.external_panel_service.external_panel_id}`,
  );
  if (!provider) throw fieldError('external_panel_service.external_panel_id', 'Choose an existing provider.');
  return {
    name: body.name,
    type: body.type,
    sourcePrice: body.source_price.amount,
    sourcePriceCurrency: body.source_price.currency === provider.currency ? null : body.source_price.currency,
    sourcePricingPer: body.source_pricing_per,
    externalPanelId: body.external_panel_service.external_panel_id,
    externalPanelServiceId: body.external_panel_service.external_panel_service_id,
    status: body.status,
    sourceEvent: body.source_event || null,
    targetEvent: body.target_event || null,
  };
}

export const providerServicesHandlers = defineHandlers({
  providerServicesTable: async ({ query, staff, deps }) => providerServicesTable.query(deps.database.db, query, staff),

  providerServicesCollections: async ({ deps }) => {
    const list = await rows<{ id: number; name: string; currency: string; type: ProviderType }>(
      deps.database.db,
      sql`SELECT id, name, currency, type FROM providers WHERE NOT is_archived ORDER BY name, id`,
    );
    return {
      types: PROVIDER_SERVICE_TYPES.map((value) => ({ value, label: PROVIDER_SERVICE_TYPE_LABELS[value] ?? value })),
      providers: list,
      currencies: [...PROVIDER_CURRENCIES],
    };
  },

  providerServicesStore: async ({ body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const row = await createRecord(tx, actor, providerServiceRecord, await columnsOf(tx, body), {
        changeLog: { information: ({ row }) => `Provider service ${row.id} (${row.name}) created.` },
      });
      return { message: `Provider service ${row.name} created.`, providerService: await providerServiceDetail(tx, row.id, staff) };
    }),

  providerServicesShow: async ({ params: { providerId }, staff, deps }) => providerServiceDetail(deps.database.db, providerId, staff),

  providerServicesUpdate: async ({ params: { providerId }, body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await findById(tx, providerServiceRecord, providerId, { lock: true });
      await updateRecord(tx, actor, providerServiceRecord, providerId, await columnsOf(tx, body), {
        changeLog: { information: ({ after, changed }) => `Provider service ${providerId} (${after.name}) updated: ${changed.join(', ')}.` },
      });
      return { message: `Provider service ${body.name} saved.`, providerService: await providerServiceDetail(tx, providerId, staff) };
    }),

  providerServicesArchive: async ({ params: { providerId }, actor, deps }) =>
    archiveProviderService.run(deps, actor, providerId, async () => ({ message: `Provider service ${providerId} archived.` })),

  providerServicesUnarchive: async ({ params: { providerId }, actor, deps }) =>
    unarchiveProviderService.run(deps, actor, providerId, async () => ({ message: `Provider service ${providerId} brought back.` })),
});
