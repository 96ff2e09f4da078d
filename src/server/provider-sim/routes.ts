import type { Context, Hono } from 'hono';
import type { Database } from '../db/client';
import type { SimPanelKey } from './catalogue';
import { CDN_ERROR_PAGE, decodeParams, encodeAnswer, parseDialect, SIM_DIALECT_PANEL, STANDARD_DIALECT, type SimDialect } from './dialect';
import { SIM_PANELS } from './panels';
import { createSimulator, SIM_ERRORS, type SimParams, type SimulatorOptions } from './simulator';

/** Where the simulated provider panvy answers (SMM panel API v2); SIM_PANELS lists both panels. */
export const PROVIDER_SIM_PATH = SIM_PANELS[0].path;

export interface ProviderSimDeps {
  database: Pick<Database, 'db'>;
  config: { simulator: boolean };
}

/** Reads `key`, `action` and the rest from the query string and a form-encoded or JSON body. */
async function readParams(c: Context): Promise<SimParams | null> {
  const params: SimParams = { ...c.req.query() };
  if (c.req.method !== 'POST') return params;
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  if (!text) return params;
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    for (const [k, v] of Object.entries(parsed)) {
      // Panels accept `orders` as a list too; anything else is read as text.
      params[k] = Array.isArray(v) ? v.join(',') : v === null || v === undefined ? undefined : String(v);
    }
    return params;
  }
  if (type.includes('multipart/form-data')) {
    const form = await new Response(text, { headers: { 'content-type': type } }).formData().catch(() => null);
    if (!form) return null;
    for (const [k, v] of form.entries()) if (typeof v === 'string') params[k] = v;
    return params;
  }
  for (const [k, v] of new URLSearchParams(text)) params[k] = v;
  return params;
}

/** SIM_OUTAGE: the keys of the simulated panels to put in an outage ('perfect', 'panvy,perfect'); unknown keys are ignored. */
function outagePanels(value: string | undefined): SimPanelKey[] {
  const named = new Set((value ?? '').split(',').map((k) => k.trim().toLowerCase()));
  return SIM_PANELS.filter((p) => named.has(p.key)).map((p) => p.key);
}

/**
 * Mounts the simulated upstream provider on `app` as plain routes (no staff auth: it is reached
 * with its own API keys, like a real provider). Does nothing when the simulator is turned off
 * (`SIMULATOR=off`). Its state lives in its own schema of the same database (schema.ts), created
 * on first use.
 */
export function mountProviderSim(app: Hono<any>, deps: ProviderSimDeps, options: SimulatorOptions = {}): void {
  if (!deps.config.simulator) return;
  const settings: SimulatorOptions = { controlKey: process.env.SIM_CONTROL_KEY || undefined, outage: outagePanels(process.env.SIM_OUTAGE), ...options };
  const simulator = createSimulator(settings);
  for (const panel of SIM_PANELS) {
    const handler = async (c: Context) => {
      const params = await readParams(c);
      if (!params) return c.json({ error: SIM_ERRORS.action });
      const endpoint = `${new URL(c.req.url).origin}${panel.path}`;
      return c.json(await simulator.handle(deps.database.db, params, { panel: panel.key, endpoint }));
    };
    app.post(panel.path, handler);
    app.get(panel.path, handler);
  }
  mountDialectPanel(app, deps, simulator, settings);
}

/**
 * The third simulated panel (dialect.ts): Perfect Supply's books answered in a dialect switched
 * quirk by quirk with the `dialect` control action.
 */
function mountDialectPanel(app: Hono<any>, deps: ProviderSimDeps, simulator: ReturnType<typeof createSimulator>, settings: SimulatorOptions): void {
  let dialect: SimDialect = { ...STANDARD_DIALECT, ...settings.dialect };
  const handler = async (c: Context) => {
    const params = await readParams(c);
    if (!params) return c.json({ error: SIM_ERRORS.action }, dialect.errorStatus as 200);
    const action = (params.action ?? '').trim().toLowerCase();
    if (action === 'dialect') {
      const next = settings.controlKey && params.control === settings.controlKey ? parseDialect(params.quirks) : null;
      if (!next) return c.json({ error: SIM_ERRORS.action });
      dialect = next;
      return c.json({ dialect });
    }
    if (dialect.rateLimit) {
      const headers: Record<string, string> = dialect.rateLimit.retryAfter === null ? {} : { 'retry-after': String(dialect.rateLimit.retryAfter) };
      return c.text('Too Many Requests', 429, headers);
    }
    if (dialect.htmlPage) return c.html(CDN_ERROR_PAGE, dialect.htmlPage.status as 200);
    const decoded = decodeParams(params, dialect);
    const endpoint = `${new URL(c.req.url).origin}${SIM_DIALECT_PANEL.path}`;
    const json = await simulator.handle(deps.database.db, decoded, { panel: SIM_DIALECT_PANEL.backs, endpoint });
    const answer = await encodeAnswer(deps.database.db, action, decoded, json, dialect);
    return c.json(answer.body as object, answer.status as 200);
  };
  app.post(SIM_DIALECT_PANEL.path, handler);
  app.get(SIM_DIALECT_PANEL.path, handler);
}
