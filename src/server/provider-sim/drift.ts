import { sql } from 'drizzle-orm';
import { one, type Queryable } from '../db/client';
import { baseCatalogue, ensureSimCatalogue, generatedCatalogue, SIM_SERVICES, type SimPanelKey, type SimServiceSeed } from './catalogue';

/**
 * The simulated panels' catalogues drift, as real providers' do: each step of a panel's counter
 * takes one service off the list, brings back the one taken off three steps earlier, doubles one
 * price, lowers another, changes one service's min/max and renames one. On panvy every step also
 * moves the price of one of the hand-written services the demo's provider services are linked to
 * (doubled, or 10 % lower every fourth step), so a sync finds changes that matter to our services.
 *
 * Every change is an absolute value computed from the step number and the undrifted catalogue, so
 * the state after step n is the same whoever advances it and however often it is replayed. The
 * demo advances the counter on a timer (provider-sync area); tests call driftSim(); e2e uses the
 * `drift` action with SIM_CONTROL_KEY.
 */

export interface DriftChange {
  kind: 'removed' | 'restored' | 'price_up' | 'price_down' | 'limits' | 'renamed';
  service: number;
}

const pick = (panel: SimPanelKey, step: number, salt: number): SimServiceSeed => {
  const list = generatedCatalogue(panel);
  // A multiplicative hash spreads consecutive steps across the whole catalogue.
  const h = Math.imul(step * 31 + salt * 7919 + (panel === 'panvy' ? 0 : 104729), 2654435761) >>> 0;
  return list[h % list.length];
};
const scaled = (rate: string, factor: number) => Math.max(0.0001, Number(rate) * factor).toFixed(4);

/** The changes step `step` (1-based) makes to a panel's catalogue. */
export function driftChanges(panel: SimPanelKey, step: number): { change: DriftChange; set: Partial<SimServiceSeed> & { present?: boolean } }[] {
  const out: { change: DriftChange; set: Partial<SimServiceSeed> & { present?: boolean } }[] = [];
  const removed = pick(panel, step, 1);
  out.push({ change: { kind: 'removed', service: removed.id }, set: { present: false } });
  if (step > 3) out.push({ change: { kind: 'restored', service: pick(panel, step - 3, 1).id }, set: { present: true } });
  const up = pick(panel, step, 2);
  out.push({ change: { kind: 'price_up', service: up.id }, set: { rate: scaled(up.rate, 2) } });
  const down = pick(panel, step, 3);
  out.push({ change: { kind: 'price_down', service: down.id }, set: { rate: scaled(down.rate, 0.85) } });
  const limits = pick(panel, step, 4);
  out.push({ change: { kind: 'limits', service: limits.id }, set: { min: limits.min * 2, max: Math.max(limits.min * 20, Math.floor(limits.max / 2)) } });
  const renamed = pick(panel, step, 5);
  out.push({ change: { kind: 'renamed', service: renamed.id }, set: { name: `${renamed.name} (server ${(step % 9) + 2})` } });
  if (panel === 'panvy') {
    const linked = SIM_SERVICES[(step - 1) % SIM_SERVICES.length];
    const lower = step % 4 === 0;
    out.push({ change: { kind: lower ? 'price_down' : 'price_up', service: linked.id }, set: { rate: scaled(linked.rate, lower ? 0.9 : 2) } });
  }
  return out;
}

/** Advances a panel's catalogue by `steps` drift steps; returns the new step number. */
export async function driftSim(q: Queryable, panel: SimPanelKey, steps = 1): Promise<number> {
  await ensureSimCatalogue(q);
  const row = await one<{ step: number }>(
    q,
    sql`UPDATE provider_sim.panels SET drift_step = drift_step + ${steps}, drifted_at = now() WHERE key = ${panel} RETURNING drift_step AS step`,
  );
  const last = row!.step;
  for (let step = last - steps + 1; step <= last; step++) {
    for (const { change, set } of driftChanges(panel, step)) {
      await q.execute(sql`UPDATE provider_sim.services SET
          present = coalesce(${set.present ?? null}::boolean, present),
          rate = coalesce(${set.rate ?? null}::numeric, rate),
          min = coalesce(${set.min ?? null}::int, min),
          max = coalesce(${set.max ?? null}::int, max),
          name = coalesce(${set.name ?? null}::text, name)
        WHERE id = ${change.service} AND panel = ${panel}`);
    }
  }
  return last;
}

/** Puts a panel's catalogue back as generated (tests and benchmarks start from a known state). */
export async function resetSimDrift(q: Queryable, panel: SimPanelKey): Promise<void> {
  await ensureSimCatalogue(q);
  const payload = baseCatalogue(panel).map((s) => ({ id: s.id, name: s.name, rate: s.rate, min: s.min, max: s.max }));
  await q.execute(sql`UPDATE provider_sim.services s SET present = true, name = x.name, rate = x.rate, min = x.min, max = x.max
    FROM json_to_recordset(${JSON.stringify(payload)}::json) AS x(id int, name text, rate numeric, min int, max int)
    WHERE s.id = x.id AND s.panel = ${panel}`);
  await q.execute(sql`UPDATE provider_sim.panels SET drift_step = 0, drifted_at = NULL WHERE key = ${panel}`);
}

/**
 * Advances each panel by one step when its last drift is at least `everyMs` old (the demo's timer).
 * The claim is a conditional update, so two server processes never drift the same step twice.
 */
export async function driftIfDue(q: Queryable, everyMs: number): Promise<void> {
  await ensureSimCatalogue(q);
  for (const panel of ['panvy', 'perfect'] as const) {
    const due = await one<{ key: string }>(
      q,
      sql`UPDATE provider_sim.panels SET drifted_at = now() WHERE key = ${panel}
            AND (drifted_at IS NULL OR drifted_at <= now() - make_interval(secs => ${everyMs / 1000})) RETURNING key`,
    );
    if (due) await driftSim(q, panel, 1);
  }
}
