import { sql } from 'drizzle-orm';
import {
  EXTERNAL_PANELS_TABLE,
  PROVIDER_SERVICES_TABLE,
  PROVIDER_SYNC_FLAGS,
  type ExternalPanelDetail,
  type ExternalPanelRow,
  type ProviderServiceRow,
  type ProviderStatisticType,
  type ProviderStatus,
  type ProviderType,
} from '../../../contract/providers';
import { tableRequestSchema } from '../../../contract/table';
import { one, rows, type Queryable } from '../../db/client';
import { defineTable, utcText, type TableContext } from '../../table';

/** The providers list and the provider services list (contract/providers/columns.ts). */

interface PanelDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  endpoint: string;
  type: ProviderType;
  balance: string;
  currency: string;
  balance_updated_at: string | null;
  status: ProviderStatus;
  is_archived: boolean;
  sync_failed: boolean;
  is_our_panel: boolean;
  favicon: string | null;
  services_count: number;
}

const panelServicesCount = sql`(SELECT count(*)::int FROM provider_services ps WHERE ps.external_panel_id = p.id AND NOT ps.is_archived)`;

const mapPanel = (r: PanelDbRow, ctx: TableContext): ExternalPanelRow => {
  const can = ctx.permissions.has('manageExternalPanels');
  return {
    id: r.id,
    name: r.name,
    endpoint: r.endpoint,
    type: r.type,
    balance: r.balance,
    currency: r.currency,
    balanceUpdatedAt: r.balance_updated_at,
    status: r.status,
    isArchived: r.is_archived,
    syncFailed: r.sync_failed,
    isOurPanel: r.is_our_panel,
    favicon: r.favicon,
    servicesCount: r.services_count,
    actions: {
      archivable: can && !r.is_archived,
      editable: can && !r.is_archived,
      restore: can && r.is_archived,
      showBilling: can,
      // Packages are a feature of our own panels (panvy); foreign panels have none to import.
      importPackages: can && !r.is_archived && r.type === 'socpanel',
    },
  };
};

export const externalPanelsTable = defineTable(EXTERNAL_PANELS_TABLE, {
  from: sql`providers p`,
  select: sql`p.id, p.name, p.endpoint, p.type, p.balance::text AS balance, p.currency, ${utcText(sql`p.balance_updated_at`)} AS balance_updated_at,
    p.status, p.is_archived, p.sync_failed, p.is_our_panel, p.favicon, ${panelServicesCount} AS services_count`,
  id: sql`p.id`,
  columns: {
    id: { sql: sql`p.id` },
    name: { sql: sql`p.name` },
    type: { sql: sql`p.type` },
    balance: { sql: sql`p.balance` },
    currency: { sql: sql`p.currency` },
    status: { sql: sql`p.status` },
    isArchived: { sql: sql`p.is_archived` },
    syncFailed: { sql: sql`p.sync_failed` },
    servicesCount: { sql: panelServicesCount },
  },
  search: [sql`p.name`, sql`p.endpoint`],
  defaultSort: [{ key: 'name', desc: true }],
  map: mapPanel,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

export async function findPanelDetail(q: Queryable, id: number, ctx: TableContext): Promise<ExternalPanelDetail | undefined> {
  const row = (await externalPanelsTable.query(q, ONE_ROW, ctx, { where: sql`p.id = ${id}` })).items[0];
  if (!row) return undefined;
  const extra = await one<Record<string, unknown>>(
    q,
    sql`SELECT resale_margin_percent::text AS margin, statistic_type, auto_recreate_orders_is_allowed, api_token <> '' AS has_token,
        ${utcText(sql`created_at`)} AS created_at, ${utcText(sql`updated_at`)} AS updated_at,
        ${sql.join(
          PROVIDER_SYNC_FLAGS.map((f) => sql`${sql.identifier(snake(f))} AS ${sql.identifier(f)}`),
          sql`, `,
        )}
      FROM providers WHERE id = ${id}`,
  );
  const flags = Object.fromEntries(PROVIDER_SYNC_FLAGS.map((f) => [f, extra![f] as boolean])) as Record<(typeof PROVIDER_SYNC_FLAGS)[number], boolean>;
  return {
    ...row,
    resaleMarginPercent: extra!.margin as string,
    statisticType: extra!.statistic_type as ProviderStatisticType,
    autoRecreateOrdersIsAllowed: extra!.auto_recreate_orders_is_allowed as boolean,
    hasApiToken: extra!.has_token as boolean,
    createdAt: extra!.created_at as string,
    updatedAt: extra!.updated_at as string,
    ...flags,
  };
}

export const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

interface ProviderServiceDbRow extends Record<string, unknown> {
  id: number;
  name: string;
  type: string;
  provider_id: number;
  provider_name: string;
  provider_type: ProviderType;
  provider_currency: string;
  external_panel_service_id: string;
  source_price: string;
  source_price_currency: string | null;
  source_pricing_per: number;
  status: ProviderStatus;
  is_archived: boolean;
  source_event: string | null;
  target_event: string | null;
  last_stats_gather_period: string | null;
  last_available_at: string | null;
  services_count: number;
  sync_flags: Record<string, boolean> | string;
  created_at: string;
}

const linkedServices = sql`(SELECT count(*)::int FROM service_providers sp WHERE sp.provider_service_id = ps.id)`;

const mapProviderService = (r: ProviderServiceDbRow, ctx: TableContext): ProviderServiceRow => {
  const can = ctx.permissions.has('manageServicesAndProviders');
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    provider: { id: r.provider_id, name: r.provider_name, type: r.provider_type, currency: r.provider_currency },
    externalPanelServiceId: r.external_panel_service_id,
    sourcePrice: { amount: r.source_price, currency: r.source_price_currency ?? r.provider_currency },
    sourcePricingPer: r.source_pricing_per,
    status: r.status,
    isArchived: r.is_archived,
    sourceEvent: r.source_event,
    targetEvent: r.target_event,
    lastStatsGatherPeriod: r.last_stats_gather_period,
    lastAvailableAt: r.last_available_at,
    servicesCount: r.services_count,
    syncFlags: typeof r.sync_flags === 'string' ? JSON.parse(r.sync_flags) : r.sync_flags,
    createdAt: r.created_at,
    actions: { editable: can && !r.is_archived, archivable: can && !r.is_archived, unarchivable: can && r.is_archived },
  };
};

export const providerServiceSelect = sql`ps.id, ps.name, ps.type, p.id AS provider_id, p.name AS provider_name, p.type AS provider_type,
    p.currency AS provider_currency, ps.external_panel_service_id, ps.source_price::text AS source_price, ps.source_price_currency,
    ps.source_pricing_per, ps.status, ps.is_archived, ps.source_event, ps.target_event, ps.last_stats_gather_period,
    ${utcText(sql`ps.last_available_at`)} AS last_available_at, ${linkedServices} AS services_count, ps.sync_flags,
    ${utcText(sql`ps.created_at`)} AS created_at`;

export const providerServicesTable = defineTable(PROVIDER_SERVICES_TABLE, {
  from: sql`provider_services ps JOIN providers p ON p.id = ps.external_panel_id`,
  select: providerServiceSelect,
  id: sql`ps.id`,
  columns: {
    id: { sql: sql`ps.id` },
    name: { sql: sql`ps.name` },
    type: { sql: sql`ps.type` },
    'provider.name': { sql: sql`p.name`, filterSql: sql`ps.external_panel_id` },
    externalPanelServiceId: { sql: sql`ps.external_panel_service_id` },
    sourcePrice: { sql: sql`ps.source_price` },
    sourcePricingPer: { sql: sql`ps.source_pricing_per` },
    status: { sql: sql`ps.status` },
    isArchived: { sql: sql`ps.is_archived` },
    servicesCount: { sql: linkedServices },
  },
  search: [sql`ps.name`, sql`ps.external_panel_service_id`],
  defaultSort: [{ key: 'id', desc: true }],
  map: mapProviderService,
});

/** Provider services of one provider (or by ids), as rows. */
export async function providerServiceRows(q: Queryable, where: ReturnType<typeof sql>, ctx: TableContext): Promise<ProviderServiceRow[]> {
  const list = await rows<ProviderServiceDbRow>(
    q,
    sql`SELECT ${providerServiceSelect} FROM provider_services ps JOIN providers p ON p.id = ps.external_panel_id WHERE ${where} ORDER BY ps.id`,
  );
  return list.map((r) => mapProviderService(r, ctx));
}
