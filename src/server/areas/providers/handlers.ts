import { sql } from 'drizzle-orm';
import {
  DEFAULT_PROVIDER_CURRENCY,
  PROVIDER_CURRENCIES,
  PROVIDER_STATISTIC_TYPE_LABELS,
  PROVIDER_STATISTIC_TYPES,
  PROVIDER_SYNC_FLAGS,
  PROVIDER_TYPE_LABELS,
  PROVIDER_TYPES,
  type BillingRecord,
  type ProviderType,
} from '../../../contract/providers';
import { one, rows, type Queryable } from '../../db/client';
import type { AppContext } from '../../http/context';
import type { AppDeps } from '../../deps';
import { fieldError, notFound } from '../../http/errors';
import { defineHandlers } from '../../http/handlers';
import { createRecord, deleteRecord, updateRecord } from '../../kit/crud';
import { findById } from '../../kit/records';
import { utcText } from '../../table';
import { consoleOrigin } from '../../http/publicUrl';
import { importPackages, importProviderServices, importServices, listImportablePackages, listImportableServices, liveServices } from './imports';
import { providerServicesHandlers } from './providerServices';
import { archiveProvider, billingRecordKind, presetRecord, providerRecord, unarchiveProvider } from './records';
import { externalPanelsTable, findPanelDetail, providerServiceRows } from './table';
import { isUpstreamError, upstream, upstreamMessage, upstreamTarget } from '../../upstream/calls';
import { allowedHostsFor, refuseAtSave } from '../../http/outbound';
import { quoted } from '../../http/quoted';
import type { z } from 'zod';
import type { externalPanelBodySchema } from '../../../contract/providers';

type PanelBodyOut = z.output<typeof externalPanelBodySchema>;

/** The provider's columns from the editor's body (the token only when one was typed). */
function panelColumns(body: PanelBodyOut) {
  const flags = Object.fromEntries(PROVIDER_SYNC_FLAGS.map((f) => [f, body[f]]));
  return {
    name: body.name,
    endpoint: body.endpoint,
    ...(body.apiToken ? { apiToken: body.apiToken } : {}),
    type: body.type,
    currency: body.currency,
    resaleMarginPercent: body.resaleMarginPercent,
    statisticType: body.statisticType,
    status: body.status,
    autoRecreateOrdersIsAllowed: body.autoRecreateOrdersIsAllowed,
    ...flags,
  };
}

/**
 * The endpoint a provider is saved with passes the one outbound guard's save check (a literal
 * loopback, private or link-local address in any spelling is refused unless PROVIDER_ALLOWED_HOSTS
 * names it); the simulated panels on this server's own origin are the trusted exception.
 */
function checkEndpoint(deps: AppDeps, c: AppContext, endpoint: string): void {
  if (upstreamTarget(deps, c, endpoint).trusted) return;
  const why = refuseAtSave(endpoint, { allowedHosts: allowedHostsFor('provider'), timeoutMs: 0, maxResponseBytes: 0 });
  if (why) throw fieldError('endpoint', why.replace(/^The url/, 'The endpoint'));
}

/**
 * Whether an endpoint is one of our own panels, from the panel's own answer to panel_info (what
 * Validate asks) — never from the save body: a foreign endpoint saved with `isOurPanel: true` is
 * not ours. No usable answer: not ours. Asked before any transaction, so a slow panel holds nothing.
 */
async function askOurPanel(deps: AppDeps, c: AppContext, endpoint: string): Promise<boolean> {
  try {
    return (await upstream(deps, c, endpoint, '', 5000).panelInfo()).isOurPanel;
  } catch (e) {
    if (!isUpstreamError(e)) throw e;
    return false;
  }
}

/**
 * Reads the balance through the provider's API after a save. A failure never undoes the save: the
 * answer carries why, and the stored balance stays as it was.
 */
async function refreshBalance(deps: AppDeps, c: AppContext, id: number): Promise<string | null> {
  const p = await one<{ endpoint: string; api_token: string }>(deps.database.db, sql`SELECT endpoint, api_token FROM providers WHERE id = ${id}`);
  if (!p) return null;
  try {
    const balance = await upstream(deps, c, p.endpoint, p.api_token, 5000).balance();
    if (!/^-?\d{1,10}(\.\d+)?$/.test(balance.balance)) return 'The provider answered a balance this panel cannot store.';
    await deps.database.db.execute(sql`UPDATE providers SET balance = round(${balance.balance}::numeric, 4),
      currency = CASE WHEN ${balance.currency} ~ '^[A-Z]{3}$' THEN ${balance.currency} ELSE currency END, balance_updated_at = now() WHERE id = ${id}`);
    return null;
  } catch (e) {
    if (!isUpstreamError(e)) throw e;
    return `Saved, but the balance could not be read: ${upstreamMessage(e)}`;
  }
}

const billingSelect = sql`b.id, b.provider_id, b.amount::text AS amount, b.currency, ${utcText(sql`b.paid_at`)} AS paid_at, b.comment,
  s.id AS who_id, s.name AS who_name, ${utcText(sql`b.created_at`)} AS created_at`;

interface BillingDbRow {
  id: number;
  provider_id: number;
  amount: string;
  currency: string;
  paid_at: string;
  comment: string;
  who_id: number | null;
  who_name: string | null;
  created_at: string;
}

const toBilling = (r: BillingDbRow): BillingRecord => ({
  id: r.id,
  externalPanelId: r.provider_id,
  amount: r.amount,
  currency: r.currency,
  date: r.paid_at,
  comment: r.comment,
  who: r.who_id === null ? null : { id: r.who_id, name: r.who_name ?? '' },
  createdAt: r.created_at,
});

async function findBilling(q: Queryable, panelId: number, billingId: number): Promise<BillingRecord> {
  const r = await one<BillingDbRow>(
    q,
    sql`SELECT ${billingSelect} FROM provider_payments b LEFT JOIN staff_members s ON s.id = b.created_by WHERE b.id = ${billingId} AND b.provider_id = ${panelId}`,
  );
  if (!r) throw notFound(`Billing record ${billingId}`);
  return toBilling(r);
}

/** '2026-01-02 10:00:00' (UTC) as a Date. */
const utc = (v: string): Date => new Date(`${v.replace(' ', 'T')}Z`);

async function panelFor(q: Queryable, id: number) {
  return findById(q, providerRecord, id);
}

/** A preset's URL: a path is on this server's own public address. */
const presetUrl = (url: string, c: AppContext): string => (url.startsWith('/') ? `${consoleOrigin(c.req.url)}${url}` : url);

export const providersHandlers = defineHandlers({
  ...providerServicesHandlers,

  externalPanelsTable: async ({ query, staff, deps }) => externalPanelsTable.query(deps.database.db, query, staff),

  externalPanelsCollections: async () => ({
    currencies: [...PROVIDER_CURRENCIES],
    statisticTypes: PROVIDER_STATISTIC_TYPES.map((value) => ({ value, label: PROVIDER_STATISTIC_TYPE_LABELS[value] })),
    types: PROVIDER_TYPES.map((value) => ({ value, label: PROVIDER_TYPE_LABELS[value] })),
  }),

  externalPanelsValidate: async ({ body, deps, c }) => {
    try {
      const info = await upstream(deps, c, body.endpoint, '').panelInfo();
      return {
        is_our_panel: info.isOurPanel,
        endpoint: info.isOurPanel && info.endpoint ? info.endpoint : body.endpoint,
        message: info.isOurPanel
          ? 'This is one of our own panels: its endpoint was replaced by the one it reports.'
          : 'This is not one of our panels: service and package sync were switched off.',
      };
    } catch (e) {
      // A foreign panel answers panel_info with an error (the client reads that as "not ours");
      // no usable answer at all is the endpoint's fault.
      if (!isUpstreamError(e)) throw e;
      throw fieldError('endpoint', upstreamMessage(e));
    }
  },

  externalPanelsCreateAccount: async ({ body, actor, deps, c }) => {
    const preset = body.presetId ? await findById(deps.database.db, presetRecord, body.presetId) : null;
    let account;
    try {
      account = await upstream(deps, c, body.endpoint, '').createAccount();
    } catch (e) {
      if (!isUpstreamError(e)) throw e;
      throw fieldError(
        'endpoint',
        e.kind === 'api' ? `This panel does not open accounts through its API (it answered ${quoted(e.message)}).` : upstreamMessage(e),
      );
    }
    if (preset && !preset.isUsed) {
      await deps.database.db.transaction((tx) => updateRecord(tx, actor, presetRecord, preset.id, { isUsed: true }, { event: 'account_created' }));
    }
    const name = preset?.name ?? new URL(body.endpoint).hostname;
    return {
      api_token: account.apiKey,
      endpoint: body.endpoint,
      name,
      currency: DEFAULT_PROVIDER_CURRENCY,
      type: (preset?.type as ProviderType | undefined) ?? 'socpanel',
      message: `An account was opened at ${name}: its API token is filled in. Save the provider to keep it.`,
    };
  },

  presetPanels: async ({ deps, c }) => {
    const list = await rows<{ id: number; name: string; url: string; icon: string | null; is_used: boolean; sorting: number; type: ProviderType }>(
      deps.database.db,
      sql`SELECT id, name, url, icon, is_used, sorting, type FROM preset_panels ORDER BY sorting, id`,
    );
    return list.map((p) => ({ id: p.id, name: p.name, url: presetUrl(p.url, c), icon: p.icon, isUsed: p.is_used, sorting: p.sorting, type: p.type }));
  },

  externalPanelsStore: async ({ body, staff, actor, deps, c }) => {
    if (!body.apiToken) throw fieldError('apiToken', 'The API token field is required.');
    checkEndpoint(deps, c, body.endpoint);
    const isOurPanel = await askOurPanel(deps, c, body.endpoint);
    const row = await deps.database.db.transaction((tx) =>
      createRecord(tx, actor, providerRecord, { ...panelColumns(body), isOurPanel, apiToken: body.apiToken } as never, {
        changeLog: { information: ({ row }) => `External panel ${row.id} (${row.name}) added.` },
      }),
    );
    const balanceWarning = await refreshBalance(deps, c, row.id);
    return { message: `Provider ${row.name} added.`, externalPanel: (await findPanelDetail(deps.database.db, row.id, staff))!, balanceWarning };
  },

  externalPanelsShow: async ({ params: { externalPanelId: id }, staff, deps }) => {
    const detail = await findPanelDetail(deps.database.db, id, staff);
    if (!detail) throw notFound(`External panel ${id}`);
    return detail;
  },

  externalPanelsUpdate: async ({ params: { externalPanelId: id }, body, staff, actor, deps, c }) => {
    checkEndpoint(deps, c, body.endpoint);
    const stored = await one<{ endpoint: string; is_our_panel: boolean }>(deps.database.db, sql`SELECT endpoint, is_our_panel FROM providers WHERE id = ${id}`);
    if (!stored) throw notFound(`External panel ${id}`);
    // The flag stays with the endpoint it was learned from; a new endpoint is asked again.
    const isOurPanel = stored.endpoint === body.endpoint ? stored.is_our_panel : await askOurPanel(deps, c, body.endpoint);
    await deps.database.db.transaction((tx) =>
      updateRecord(tx, actor, providerRecord, id, { ...panelColumns(body), isOurPanel } as never, {
        changeLog: { information: ({ after, changed }) => `External panel ${id} (${after.name}) updated: ${changed.join(', ')}.` },
      }),
    );
    const balanceWarning = await refreshBalance(deps, c, id);
    return { message: `Provider ${body.name} saved.`, externalPanel: (await findPanelDetail(deps.database.db, id, staff))!, balanceWarning };
  },

  externalPanelsArchive: async ({ params: { externalPanelId: id }, actor, deps }) =>
    archiveProvider.run(deps, actor, id, async () => ({ message: `Provider ${id} archived.` })),

  externalPanelsUnarchive: async ({ params: { externalPanelId: id }, actor, deps }) =>
    unarchiveProvider.run(deps, actor, id, async () => ({ message: `Provider ${id} restored.` })),

  externalPanelPayments: async ({ params: { externalPanelId: id }, deps }) => {
    const db = deps.database.db;
    await panelFor(db, id);
    const list = await rows<BillingDbRow>(
      db,
      sql`SELECT ${billingSelect} FROM provider_payments b LEFT JOIN staff_members s ON s.id = b.created_by WHERE b.provider_id = ${id} ORDER BY b.paid_at DESC, b.id DESC`,
    );
    const totals = await rows<{ currency: string; amount: string }>(
      db,
      sql`SELECT currency, sum(amount)::text AS amount FROM provider_payments WHERE provider_id = ${id} GROUP BY currency ORDER BY currency`,
    );
    return { items: list.map(toBilling), total: totals };
  },

  externalPanelPaymentsStore: async ({ params: { externalPanelId: id }, body, staff, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      const panel = await findById(tx, providerRecord, id, { lock: true });
      const row = await createRecord(
        tx,
        actor,
        billingRecordKind,
        { providerId: id, amount: body.amount, currency: body.currency, paidAt: utc(body.date), comment: body.comment, createdBy: staff.id },
        { changeLog: { information: ({ row }) => `Billing record ${row.id} of ${panel.name}: ${body.amount} ${body.currency}.` } },
      );
      return { message: `Billing record added to ${panel.name}.`, billing: await findBilling(tx, id, row.id) };
    }),

  externalPanelPaymentsUpdate: async ({ params: { externalPanelId: id, billingId }, body, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await findBilling(tx, id, billingId);
      await updateRecord(tx, actor, billingRecordKind, billingId, {
        amount: body.amount,
        currency: body.currency,
        paidAt: utc(body.date),
        comment: body.comment,
      });
      return { message: `Billing record ${billingId} saved.`, billing: await findBilling(tx, id, billingId) };
    }),

  externalPanelPaymentsDestroy: async ({ params: { externalPanelId: id, billingId }, actor, deps }) =>
    deps.database.db.transaction(async (tx) => {
      await findBilling(tx, id, billingId);
      await deleteRecord(tx, actor, billingRecordKind, billingId);
      return { message: `Billing record ${billingId} deleted.` };
    }),

  externalPanelImportServices: async ({ params: { externalPanelId: id }, deps, c }) => listImportableServices(deps, await panelFor(deps.database.db, id), c),

  externalPanelImportServicesStore: async ({ params: { externalPanelId: id }, body, staff, actor, deps, c }) =>
    importServices(deps, actor, staff, await panelFor(deps.database.db, id), body, c),

  externalPanelImportPackages: async ({ params: { externalPanelId: id }, deps, c }) => listImportablePackages(deps, await panelFor(deps.database.db, id), c),

  externalPanelImportPackagesStore: async ({ params: { externalPanelId: id }, body, actor, deps, c }) =>
    importPackages(deps, actor, await panelFor(deps.database.db, id), body, c),

  externalPanelImportProviders: async ({ params: { externalPanelId: id }, body, actor, deps, c }) =>
    importProviderServices(deps, actor, await panelFor(deps.database.db, id), body.importableServicesIds, c),

  externalPanelAvailableServices: async ({ params: { externalPanelId: id }, deps, c }) => {
    const live = await liveServices(deps, await panelFor(deps.database.db, id), c);
    return live.map((s) => ({ id: s.service, name: s.name, category: s.category, rate: s.rate, min: s.min, max: s.max }));
  },

  externalPanelServices: async ({ params: { externalPanelId: id }, staff, deps }) => {
    await panelFor(deps.database.db, id);
    return providerServiceRows(deps.database.db, sql`ps.external_panel_id = ${id}`, staff);
  },

  externalPanelServicesStore: async ({ params: { externalPanelId: id }, body, staff, actor, deps, c }) => {
    const panel = await panelFor(deps.database.db, id);
    if (body.provider_id !== undefined && body.provider_id !== id) throw fieldError('provider_id', 'The provider must be the one in the address.');
    const result = await importProviderServices(deps, actor, panel, [body.external_panel_service_id], c, 'external_panel_service_id');
    const [row] = await providerServiceRows(deps.database.db, sql`ps.id = ${result.ids[0]}`, staff);
    return { message: result.message, providerService: { ...row!, services: [] } };
  },

  externalPanelRecreatableServices: async ({ params: { externalPanelId: id }, staff, deps }) => {
    await panelFor(deps.database.db, id);
    return providerServiceRows(deps.database.db, sql`ps.external_panel_id = ${id} AND ps.status = 'active' AND NOT ps.is_archived`, staff);
  },
});
