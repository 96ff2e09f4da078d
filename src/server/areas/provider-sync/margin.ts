import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { readPanelSettings } from '../../db/panelSettings';

/**
 * The margin guard's arithmetic, in SQL so a list of every service is one query.
 *
 * A link (service of ours ← provider service) costs `source_price` per `source_pricing_per` units
 * in the provider service's currency (its own, else the provider's). For the service's pricing unit
 * (`pricing_per`) that is source_price × pricing_per ÷ source_pricing_per, converted to the panel's
 * currency with the panel settings' rates (units of a currency per one unit of the panel's
 * currency: cost ÷ rate). margin = (price − cost) ÷ price. Below the floor — the provider's own,
 * else the panel's minimal margin (panel settings) — the link is listed; a currency without a rate
 * cannot be judged and is left out. Services priced 0 are left out too.
 */

export interface PanelCurrencies {
  currency: string;
  /** Units of each currency per one unit of the panel's currency. */
  rates: Record<string, string>;
}

export async function panelCurrencies(q: Queryable): Promise<PanelCurrencies> {
  const settings = await readPanelSettings(q);
  return { currency: settings.currencies.default, rates: { ...settings.currencies.rates, [settings.currencies.default]: '1' } };
}

export async function defaultFloorOf(q: Queryable): Promise<string> {
  const settings = await readPanelSettings(q);
  return settings.margin.minimalMarginPercent || '0';
}

/**
 * Rows of every active (or guard-disabled) link below its floor: service_id, provider_service_id,
 * provider_id, cost, margin, floor, link_active, disabled_by_guard.
 */
export function belowMarginSql(currencies: PanelCurrencies, defaultFloor: string, providerId?: number): SQL {
  return sql`
    SELECT sp.service_id, sp.provider_service_id, ps.external_panel_id AS provider_id, sp.is_active AS link_active,
           g.service_id IS NOT NULL AS disabled_by_guard, x.cost, x.margin, x.floor
      FROM service_providers sp
      JOIN services sv ON sv.id = sp.service_id
      JOIN provider_services ps ON ps.id = sp.provider_service_id
      JOIN providers p ON p.id = ps.external_panel_id
      LEFT JOIN provider_sync_settings st ON st.provider_id = p.id
      LEFT JOIN provider_sync_guard_disabled g ON g.service_id = sp.service_id AND g.provider_service_id = sp.provider_service_id
      CROSS JOIN LATERAL (
        SELECT (${JSON.stringify(currencies.rates)}::jsonb ->> upper(coalesce(ps.source_price_currency, p.currency)))::numeric AS rate
      ) r
      CROSS JOIN LATERAL (
        SELECT round(ps.source_price * sv.pricing_per / ps.source_pricing_per / r.rate, 4) AS cost,
               round(coalesce(st.margin_floor, ${defaultFloor}::numeric), 4) AS floor
      ) c
      CROSS JOIN LATERAL (
        SELECT c.cost, round((sv.default_price - c.cost) / sv.default_price, 4) AS margin, c.floor
      ) x
     WHERE NOT sv.is_archived AND NOT ps.is_archived AND NOT p.is_archived AND sv.default_price > 0 AND r.rate > 0
       AND (sp.is_active OR g.service_id IS NOT NULL)
       AND x.margin < x.floor
       ${providerId ? sql`AND p.id = ${providerId}` : sql``}`;
}
