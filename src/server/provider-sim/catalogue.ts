import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { ensureSimTables } from './schema';

/**
 * The simulator's service list: what `action=services` answers. Ids are the provider's service
 * numbers; the panel's provider services point at them (external_panel_service_id).
 */
export interface SimServiceSeed {
  id: number;
  name: string;
  category: string;
  /**
   * What the service sells, in the panel's own words: the network code (networks.network, as
   * 'youtube') and the kind (service_types.type, as 'views'). Not part of the API answer: the name
   * and category say the same in words ('YouTube Views [Real]'); the demo seed links our services
   * only to provider services of their own network and kind by these.
   */
  network: string;
  kind: string;
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
  {
    id: 1,
    name: 'YouTube Views [Real]',
    category: 'YouTube',
    network: 'youtube',
    kind: 'views',
    rate: '0.6000',
    min: 100,
    max: 1000000,
    refill: true,
    cancel: true,
    dripfeed: true,
  },
  {
    id: 2,
    name: 'YouTube Views [High Retention]',
    category: 'YouTube',
    network: 'youtube',
    kind: 'views',
    rate: '1.4000',
    min: 500,
    max: 500000,
    cancel: true,
    dripfeed: true,
  },
  {
    id: 3,
    name: 'YouTube Subscribers [30 days refill]',
    category: 'YouTube',
    network: 'youtube',
    kind: 'subscribers',
    rate: '12.0000',
    min: 50,
    max: 20000,
    refill: true,
  },
  { id: 4, name: 'YouTube Likes', category: 'YouTube', network: 'youtube', kind: 'likes', rate: '3.2000', min: 20, max: 50000, cancel: true },
  {
    id: 5,
    name: 'YouTube Comments [Custom]',
    category: 'YouTube',
    network: 'youtube',
    kind: 'comments',
    rate: '22.0000',
    min: 10,
    max: 1000,
    type: 'Custom Comments',
  },
  {
    id: 11,
    name: 'Instagram Followers [Real]',
    category: 'Instagram',
    network: 'instagram',
    kind: 'followers',
    rate: '1.7000',
    min: 50,
    max: 100000,
    refill: true,
    cancel: true,
    dripfeed: true,
  },
  {
    id: 12,
    name: 'Instagram Followers [Premium]',
    category: 'Instagram',
    network: 'instagram',
    kind: 'followers',
    rate: '3.9000',
    min: 50,
    max: 50000,
    refill: true,
  },
  {
    id: 13,
    name: 'Instagram Likes [Instant]',
    category: 'Instagram',
    network: 'instagram',
    kind: 'likes',
    rate: '0.4000',
    min: 20,
    max: 100000,
    cancel: true,
    dripfeed: true,
  },
  {
    id: 14,
    name: 'Instagram Reels Views',
    category: 'Instagram',
    network: 'instagram',
    kind: 'views',
    rate: '0.0700',
    min: 500,
    max: 10000000,
    dripfeed: true,
  },
  { id: 15, name: 'Instagram Story Views', category: 'Instagram', network: 'instagram', kind: 'views', rate: '0.2000', min: 100, max: 100000 },
  {
    id: 21,
    name: 'TikTok Followers',
    category: 'TikTok',
    network: 'tiktok',
    kind: 'followers',
    rate: '2.1000',
    min: 50,
    max: 100000,
    refill: true,
    cancel: true,
  },
  { id: 22, name: 'TikTok Likes', category: 'TikTok', network: 'tiktok', kind: 'likes', rate: '0.5500', min: 50, max: 100000, cancel: true, dripfeed: true },
  { id: 23, name: 'TikTok Views', category: 'TikTok', network: 'tiktok', kind: 'views', rate: '0.0250', min: 1000, max: 50000000, dripfeed: true },
  { id: 24, name: 'TikTok Shares', category: 'TikTok', network: 'tiktok', kind: 'shares', rate: '0.4500', min: 100, max: 100000 },
  {
    id: 31,
    name: 'Telegram Channel Members',
    category: 'Telegram',
    network: 'telegram',
    kind: 'members',
    rate: '1.4500',
    min: 100,
    max: 100000,
    refill: true,
    cancel: true,
  },
  { id: 32, name: 'Telegram Post Views', category: 'Telegram', network: 'telegram', kind: 'views', rate: '0.0500', min: 100, max: 1000000, dripfeed: true },
  { id: 33, name: 'Telegram Reactions', category: 'Telegram', network: 'telegram', kind: 'reactions', rate: '0.3000', min: 20, max: 100000 },
  { id: 41, name: 'Facebook Page Likes', category: 'Facebook', network: 'facebook', kind: 'likes', rate: '2.7500', min: 100, max: 50000, refill: true },
  { id: 42, name: 'Facebook Video Views', category: 'Facebook', network: 'facebook', kind: 'views', rate: '0.3000', min: 500, max: 1000000, cancel: true },
  { id: 43, name: 'Facebook Group Members', category: 'Facebook', network: 'facebook', kind: 'members', rate: '4.5000', min: 100, max: 20000 },
];

/* ---------- the generated catalogues of the two simulated panels ---------- */

export type SimPanelKey = 'panvy' | 'perfect';

/** Services each panel sells in all (panvy: the 20 hand-written ones above plus generated ones). */
export const SIM_CATALOGUE_SIZE = 3000;
/** The id ranges: panvy's generated services start after the hand-written ones; perfect's are its own. */
export const SIM_ID_BASE: Record<SimPanelKey, number> = { panvy: 1001, perfect: 20001 };

/**
 * What the generated catalogues sell: each network by its name in the catalogue and its code on the
 * panel (networks.network), each kind by its name in the catalogue, its base price per 1000 and its
 * code on the panel (service_types.type). Every network and kind of the demo catalogue is among
 * them, so each of our services has provider services of its own network and kind to be linked to;
 * the last four networks and a few kinds ('votes', 'connections') are ones the panel does not sell.
 */
const NETWORKS: readonly (readonly [string, string, readonly (readonly [string, number, string])[]])[] = [
  [
    'Instagram',
    'instagram',
    [
      ['Followers', 1.8, 'followers'],
      ['Likes', 0.4, 'likes'],
      ['Views', 0.08, 'views'],
      ['Comments', 9, 'comments'],
      ['Story Views', 0.2, 'views'],
      ['Reels Views', 0.07, 'views'],
      ['Saves', 0.3, 'saves'],
      ['Live Viewers', 5, 'viewers'],
    ],
  ],
  [
    'YouTube',
    'youtube',
    [
      ['Views', 0.9, 'views'],
      ['Subscribers', 14, 'subscribers'],
      ['Likes', 3, 'likes'],
      ['Comments', 20, 'comments'],
      ['Watch Hours', 9, 'watch_hours'],
      ['Shorts Views', 0.3, 'views'],
      ['Live Viewers', 7, 'viewers'],
    ],
  ],
  [
    'TikTok',
    'tiktok',
    [
      ['Followers', 2.2, 'followers'],
      ['Likes', 0.5, 'likes'],
      ['Views', 0.03, 'views'],
      ['Shares', 0.45, 'shares'],
      ['Saves', 0.4, 'saves'],
      ['Live Viewers', 6, 'viewers'],
      ['Comments', 8, 'comments'],
    ],
  ],
  [
    'Telegram',
    'telegram',
    [
      ['Channel Members', 1.5, 'members'],
      ['Post Views', 0.05, 'views'],
      ['Reactions', 0.3, 'reactions'],
      ['Poll Votes', 0.9, 'votes'],
      ['Bot Starts', 1.2, 'starts'],
      ['Comments', 6, 'comments'],
    ],
  ],
  [
    'Facebook',
    'facebook',
    [
      ['Page Likes', 2.8, 'likes'],
      ['Video Views', 0.3, 'views'],
      ['Group Members', 4.5, 'members'],
      ['Post Likes', 1.1, 'likes'],
      ['Comments', 7, 'comments'],
      ['Shares', 1.5, 'shares'],
    ],
  ],
  [
    'Twitter',
    'twitter',
    [
      ['Followers', 3.5, 'followers'],
      ['Likes', 0.9, 'likes'],
      ['Retweets', 1.2, 'retweets'],
      ['Views', 0.05, 'views'],
    ],
  ],
  [
    'Spotify',
    'spotify',
    [
      ['Plays', 0.9, 'plays'],
      ['Followers', 1.4, 'followers'],
      ['Monthly Listeners', 2.5, 'listeners'],
    ],
  ],
  [
    'Twitch',
    'twitch',
    [
      ['Followers', 1.9, 'followers'],
      ['Live Viewers', 8, 'viewers'],
      ['Clip Views', 0.4, 'views'],
    ],
  ],
  [
    'Discord',
    'discord',
    [
      ['Server Members', 3.2, 'members'],
      ['Online Members', 5.5, 'members'],
    ],
  ],
  [
    'LinkedIn',
    'linkedin',
    [
      ['Followers', 9, 'followers'],
      ['Post Likes', 6, 'likes'],
      ['Connections', 12, 'connections'],
    ],
  ],
  [
    'Threads',
    'threads',
    [
      ['Followers', 2.4, 'followers'],
      ['Likes', 0.6, 'likes'],
    ],
  ],
  [
    'SoundCloud',
    'soundcloud',
    [
      ['Plays', 0.12, 'plays'],
      ['Followers', 1.6, 'followers'],
      ['Likes', 0.8, 'likes'],
    ],
  ],
];
const QUALITIES: readonly (readonly [string, number])[] = [
  ['Real', 1.4],
  ['HQ', 1.2],
  ['Premium', 1.9],
  ['Instant', 1.1],
  ['Non Drop', 1.6],
  ['Cheapest', 0.6],
  ['Targeted USA', 2.4],
  ['Targeted Europe', 2.1],
  ['Slow', 0.8],
  ['Mixed', 0.9],
  ['Brazil', 1.3],
  ['India', 0.7],
  ['Arab', 1.5],
  ['Refill 30 days', 1.7],
  ['Lifetime Refill', 2.6],
  ['Fast Start', 1.25],
  ['Organic', 3.1],
  ['Bots', 0.4],
];
const MINS = [10, 20, 50, 100, 100, 500, 1000] as const;
const MAXES = [5000, 10000, 50000, 100000, 500000, 1000000, 10000000] as const;

/** A small deterministic generator (mulberry32): the same seed gives the same catalogue on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const generatedCache = new Map<SimPanelKey, SimServiceSeed[]>();

/**
 * The generated part of a panel's catalogue, in id order, before any drift. Perfect's prices are
 * in EUR and a little lower; its categories are named differently, as another vendor's would be.
 */
export function generatedCatalogue(panel: SimPanelKey): readonly SimServiceSeed[] {
  const cached = generatedCache.get(panel);
  if (cached) return cached;
  const next = random(panel === 'panvy' ? 7919 : 104729);
  const count = panel === 'panvy' ? SIM_CATALOGUE_SIZE - SIM_SERVICES.length : SIM_CATALOGUE_SIZE;
  const list: SimServiceSeed[] = [];
  for (let i = 0; i < count; i++) {
    const [network, networkCode, kinds] = NETWORKS[i % NETWORKS.length];
    const [kind, basePrice, kindCode] = kinds[Math.floor(i / NETWORKS.length) % kinds.length];
    const [quality, factor] = QUALITIES[Math.floor(next() * QUALITIES.length)];
    const server = 1 + Math.floor(next() * 40);
    const price = basePrice * factor * (0.7 + next() * 0.6) * (panel === 'perfect' ? 0.88 : 1);
    const min = MINS[Math.floor(next() * MINS.length)];
    const max = Math.max(min * 10, MAXES[Math.floor(next() * MAXES.length)]);
    const refill = /Refill|Non Drop|Real/.test(quality) || next() < 0.25;
    list.push({
      id: SIM_ID_BASE[panel] + i,
      name: panel === 'panvy' ? `${network} ${kind} [${quality}] #${server}` : `${network} ${kind} | ${quality} | S${server}`,
      category: panel === 'panvy' ? `${network} ${kind}` : `${network} - ${kind}${i % 3 === 0 ? ' [Refill]' : ''}`,
      network: networkCode,
      kind: kindCode,
      rate: Math.max(0.001, price).toFixed(4),
      min,
      max,
      refill,
      cancel: next() < 0.4,
      dripfeed: /Views|Likes|Plays/.test(kind) && next() < 0.6,
    });
  }
  generatedCache.set(panel, list);
  return list;
}

/** Every service a panel sells before drift (panvy: the hand-written ones first). */
export function baseCatalogue(panel: SimPanelKey): readonly SimServiceSeed[] {
  return panel === 'panvy' ? [...SIM_SERVICES, ...generatedCatalogue('panvy')] : generatedCatalogue('perfect');
}

const ensured = new WeakSet<object>();

/** Inserts both catalogues once per database handle (idempotent: existing ids are left as they are). */
export async function ensureSimCatalogue(q: Queryable): Promise<void> {
  if (ensured.has(q)) return;
  await ensureSimTables(q);
  for (const panel of ['panvy', 'perfect'] as const) {
    // One statement per panel: the rows travel as one JSON parameter (PGlite and PostgreSQL alike).
    const payload = baseCatalogue(panel).map((s) => ({
      id: s.id,
      panel,
      name: s.name,
      type: s.type ?? 'Default',
      category: s.category,
      rate: s.rate,
      min: s.min,
      max: s.max,
      refill: !!s.refill,
      cancel: !!s.cancel,
      dripfeed: !!s.dripfeed,
    }));
    await q.execute(sql`INSERT INTO provider_sim.services (id, panel, name, type, category, rate, min, max, refill, cancel, dripfeed)
      SELECT id, panel, name, type, category, rate, min, max, refill, cancel, dripfeed
        FROM json_to_recordset(${JSON.stringify(payload)}::json)
          AS x(id int, panel text, name text, type text, category text, rate numeric, min int, max int, refill boolean, cancel boolean, dripfeed boolean)
      ON CONFLICT (id) DO NOTHING`);
    await q.execute(sql`INSERT INTO provider_sim.panels (key) VALUES (${panel}) ON CONFLICT (key) DO NOTHING`);
  }
  ensured.add(q);
}

/** Opens an account at a simulated panel (or keeps the key as it is when it exists). */
export async function ensureSimAccount(q: Queryable, apiKey: string, balance = '10000.0000', currency = 'USD', panel: SimPanelKey = 'panvy'): Promise<void> {
  await ensureSimTables(q);
  await q.execute(sql`INSERT INTO provider_sim.accounts (api_key, balance, currency, panel) VALUES (${apiKey}, ${balance}::numeric, ${currency}, ${panel})
    ON CONFLICT (api_key) DO NOTHING`);
}
