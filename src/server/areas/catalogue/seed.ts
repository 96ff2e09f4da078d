import { sql, type SQL } from 'drizzle-orm';
import { one, rows, type Queryable } from '../../db/client';
import { readPanelSettings } from '../../db/panelSettings';
import { baseCatalogue } from '../../provider-sim/catalogue';
import { SIM_PANELS, type SimPanel } from '../../provider-sim/panels';

/**
 * The demo catalogue, grown from the small one the users seed made (whose service ids the orders
 * use, untouched) to 8 networks, 40 service types and about 2,000 services, with translations
 * partly filled (some stale), labels, target types, targets, attachments and checker groups. The
 * new services are bought from the simulated panels, each from offers of its own network and kind,
 * and priced from what those cost (linkAndPriceNewServices).
 *
 * Set-based SQL; values come from hashint4 of the row number, so the demo looks the same on every
 * machine. SEED_SERVICES sets the total; without it the total follows SEED_ORDERS (tests and the
 * e2e server seed small order books) between 200 and 2,000.
 */

export function demoServicesCount(env: NodeJS.ProcessEnv = process.env): number {
  if (env.SEED_SERVICES) return Math.max(50, Number(env.SEED_SERVICES));
  if (env.SEED_ORDERS) return Math.min(2000, Math.max(200, Math.round(Number(env.SEED_ORDERS) / 10)));
  return 2000;
}

/** A stable pseudo-random number in [0, n) for row `id` and a salt. */
const h = (id: SQL, salt: number, n: number | SQL): SQL => sql`(abs(hashint4((${id} * 31 + ${salt})::int)::bigint) % ${n})`;
const textArray = (values: readonly string[]): SQL =>
  sql`(ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[])`;

const NETWORK_LOOKS: Record<string, { icon: string; color: string; examples: string[]; fr: string; de: string; es: string; ru: string }> = {
  youtube: {
    icon: 'brand-youtube',
    color: '#ff0000',
    examples: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    fr: 'Vidéos, abonnés et likes',
    de: 'Videos, Abonnenten und Likes',
    es: 'Vídeos, suscriptores y me gusta',
    ru: 'Видео, подписчики и лайки',
  },
  instagram: {
    icon: 'brand-instagram',
    color: '#e1306c',
    examples: ['https://www.instagram.com/p/Cx1AbCdEfG/'],
    fr: 'Abonnés, likes et vues',
    de: 'Follower, Likes und Aufrufe',
    es: 'Seguidores, me gusta y vistas',
    ru: 'Подписчики, лайки и просмотры',
  },
  tiktok: {
    icon: 'brand-tiktok',
    color: '#010101',
    examples: ['https://www.tiktok.com/@creator/video/7234567890123456789'],
    fr: 'Abonnés, likes et vues',
    de: 'Follower, Likes und Aufrufe',
    es: 'Seguidores, me gusta y vistas',
    ru: 'Подписчики, лайки и просмотры',
  },
  telegram: {
    icon: 'brand-telegram',
    color: '#229ed9',
    examples: ['https://t.me/channel_name'],
    fr: 'Membres, vues et réactions',
    de: 'Mitglieder, Aufrufe und Reaktionen',
    es: 'Miembros, vistas y reacciones',
    ru: 'Участники, просмотры и реакции',
  },
  facebook: {
    icon: 'brand-facebook',
    color: '#1877f2',
    examples: ['https://www.facebook.com/page.name'],
    fr: 'Mentions J’aime, vues et membres',
    de: 'Gefällt-mir, Aufrufe und Mitglieder',
    es: 'Me gusta, vistas y miembros',
    ru: 'Лайки, просмотры и участники',
  },
};

const NEW_NETWORKS = [
  {
    name: 'X (Twitter)',
    network: 'twitter',
    icon: 'brand-x',
    color: '#14171a',
    example: 'https://x.com/user/status/1712345678901234567',
    types: [
      ['X Followers', 'followers'],
      ['X Likes', 'likes'],
      ['X Retweets', 'retweets'],
      ['X Views', 'views'],
    ],
  },
  {
    name: 'Spotify',
    network: 'spotify',
    icon: 'brand-spotify',
    color: '#1db954',
    example: 'https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT',
    types: [
      ['Spotify Plays', 'plays'],
      ['Spotify Followers', 'followers'],
      ['Spotify Monthly Listeners', 'listeners'],
    ],
  },
  {
    name: 'Twitch',
    network: 'twitch',
    icon: 'brand-twitch',
    color: '#9146ff',
    example: 'https://www.twitch.tv/streamer',
    types: [
      ['Twitch Followers', 'followers'],
      ['Twitch Live Viewers', 'viewers'],
      ['Twitch Clip Views', 'views'],
    ],
  },
] as const;

/** More service types for the first five networks, so the catalogue has 40. */
const MORE_TYPES: Record<string, [string, string][]> = {
  youtube: [
    ['YouTube Watch Hours', 'watch_hours'],
    ['YouTube Shorts Views', 'views'],
    ['YouTube Live Viewers', 'viewers'],
    ['YouTube Comment Likes', 'likes'],
  ],
  instagram: [
    ['Instagram Comments', 'comments'],
    ['Instagram Saves', 'saves'],
    ['Instagram Live Viewers', 'viewers'],
  ],
  tiktok: [
    ['TikTok Comments', 'comments'],
    ['TikTok Saves', 'saves'],
    ['TikTok Live Likes', 'likes'],
  ],
  telegram: [
    ['Telegram Premium Members', 'members'],
    ['Telegram Bot Starts', 'starts'],
    ['Telegram Comments', 'comments'],
  ],
  facebook: [
    ['Facebook Comments', 'comments'],
    ['Facebook Shares', 'shares'],
  ],
};

/** Service name variants in the locales the demo fills (English always, the others for part of the services). */
const VARIANTS = {
  en: ['Real', 'Fast', 'Premium', 'Cheap', 'Instant start', 'High quality', 'Guaranteed 30 days', 'Non-drop', 'Targeted', 'Slow and steady'],
  fr: ['Réels', 'Rapide', 'Premium', 'Économique', 'Démarrage instantané', 'Haute qualité', 'Garantie 30 jours', 'Sans perte', 'Ciblés', 'Lent et régulier'],
  de: ['Echt', 'Schnell', 'Premium', 'Günstig', 'Sofortstart', 'Hohe Qualität', '30 Tage Garantie', 'Ohne Verlust', 'Zielgerichtet', 'Langsam und stetig'],
  es: ['Reales', 'Rápido', 'Premium', 'Económico', 'Inicio inmediato', 'Alta calidad', 'Garantía 30 días', 'Sin caídas', 'Segmentados', 'Lento y constante'],
  ru: [
    'Реальные',
    'Быстро',
    'Премиум',
    'Дёшево',
    'Мгновенный старт',
    'Высокое качество',
    'Гарантия 30 дней',
    'Без списаний',
    'Таргетированные',
    'Медленно и стабильно',
  ],
};
const SPEED = { en: 'Up to 10,000 per day', fr: 'Jusqu’à 10 000 par jour', de: 'Bis zu 10.000 pro Tag', es: 'Hasta 10 000 por día', ru: 'До 10 000 в день' };
const START = { en: '0–2 hours', fr: '0 à 2 heures', de: '0–2 Stunden', es: '0–2 horas', ru: '0–2 часа' };
const GUARANTEE = {
  en: '30 days refill',
  fr: 'Recharge pendant 30 jours',
  de: '30 Tage Nachfüllung',
  es: 'Reposición durante 30 días',
  ru: 'Восполнение 30 дней',
};

const LABELS: [string, string, Record<string, string>][] = [
  ['Fast', 'bolt', { fr: 'Rapide', de: 'Schnell', es: 'Rápido', ru: 'Быстро' }],
  ['Real users', 'user-check', { fr: 'Vrais utilisateurs', de: 'Echte Nutzer', es: 'Usuarios reales', ru: 'Реальные пользователи' }],
  ['Refill', 'refresh', { fr: 'Recharge', de: 'Nachfüllung', es: 'Reposición', ru: 'Восполнение' }],
  ['Best seller', 'star', { fr: 'Meilleure vente', de: 'Bestseller', es: 'Más vendido' }],
  ['New', 'sparkles', { fr: 'Nouveau', de: 'Neu' }],
  ['Cheapest', 'coin', { fr: 'Le moins cher' }],
  ['Premium', 'crown', {}],
  ['Drip-feed', 'droplet', { fr: 'Goutte à goutte', de: 'Tropfenweise', es: 'Goteo', ru: 'Постепенно' }],
];

const TARGET_TYPES: [string, string, string, boolean][] = [
  ['geotargeting', 'Country', 'select', true],
  ['language', 'Language', 'multiselect', true],
  ['comment', 'Custom comments', 'textarea', false],
  ['keyword', 'Search keyword', 'input', false],
  ['seo_keyword', 'SEO keyword', 'input', false],
];

/**
 * Deliberately below margin among the new services (besides Facebook Post Likes, which the orders
 * seed keeps under its simulator cost): the first three enabled ones sell at these multiples of
 * their dearest active provider service's cost — a thin margin under the panel's 10 % floor, and
 * two below cost — so the margin guard and the Below margin screen have something to show.
 */
const BELOW_MARGIN_FACTORS = ['1.05', '0.8', '0.5'] as const;

/**
 * The new services (those without providers yet) get provider services of their own network and
 * kind from the simulated panels' catalogues: one of the simulator (panvy) each, and for about two
 * in five a backup at Perfect Panel Hub (the simulated foreign panel, EUR); the provider services are
 * made from the catalogue entries picked (one per entry, shared by the services it fulfils). Each
 * new service is then priced from its dearest active link's cost — in the panel's currency, as the
 * margin guard reckons it (provider-sync/margin.ts) — with a markup of 30–120 %, but the few of
 * BELOW_MARGIN_FACTORS. A service left without a provider stays disabled.
 */
async function linkAndPriceNewServices(q: Queryable): Promise<void> {
  await q.execute(sql`DROP TABLE IF EXISTS seed_new_services, seed_sim_offers`);
  await q.execute(sql`CREATE TEMP TABLE seed_new_services AS
    SELECT s.id, n.network, st.type FROM services s JOIN service_types st ON st.id = s.service_type_id JOIN networks n ON n.id = st.network_id
     WHERE NOT EXISTS (SELECT 1 FROM service_providers x WHERE x.service_id = s.id)`);
  // The catalogues as rows; k numbers the offers of one network and kind at a panel, n counts them.
  const offers = SIM_PANELS.flatMap((panel) => {
    const groups = new Map<string, number>();
    const list = baseCatalogue(panel.key).map((o) => {
      const key = `${o.network}:${o.kind}`;
      const k = groups.get(key) ?? 0;
      groups.set(key, k + 1);
      return { panel: panel.key, id: String(o.id), name: o.name, network: o.network, kind: o.kind, rate: o.rate, k, key };
    });
    return list.map(({ key, ...o }) => ({ ...o, n: groups.get(key)! }));
  });
  await q.execute(sql`CREATE TEMP TABLE seed_sim_offers AS
    SELECT * FROM json_to_recordset(${JSON.stringify(offers)}::json)
      AS x(panel text, id text, name text, network text, kind text, rate numeric, k int, n int)`);

  const s = sql`s.id`;
  const linkTo = async (panel: SimPanel, priority: number, which: SQL) => {
    const provider = await one<{ id: number }>(
      q,
      sql`SELECT id FROM providers WHERE (endpoint LIKE ${`%${panel.path}`} OR endpoint LIKE ${`%${panel.path}/`})
            AND status = 'active' AND NOT is_archived ORDER BY id LIMIT 1`,
    );
    if (!provider) return;
    const picked = sql`seed_new_services s JOIN seed_sim_offers o ON o.panel = ${panel.key} AND o.network = s.network AND o.kind = s.type
      AND o.k = ${h(sql`(s.id * 5 + ${priority})`, 30, sql`o.n`)}`;
    await q.execute(sql`INSERT INTO provider_services (name, type, external_panel_id, external_panel_service_id, source_price, source_pricing_per, last_available_at)
      SELECT DISTINCT ON (o.id::int) o.name, 'default', ${provider.id}, o.id, o.rate, 1000, now() FROM ${picked} WHERE ${which} ORDER BY o.id::int
      ON CONFLICT (external_panel_id, external_panel_service_id) DO NOTHING`);
    await q.execute(sql`INSERT INTO service_providers (service_id, provider_service_id, is_active, priority)
      SELECT s.id, ps.id, true, ${priority} FROM ${picked}
        JOIN provider_services ps ON ps.external_panel_id = ${provider.id} AND ps.external_panel_service_id = o.id
       WHERE ${which} ORDER BY s.id
      ON CONFLICT DO NOTHING`);
  };
  const [panvy, perfect] = [SIM_PANELS.find((p) => p.key === 'panvy')!, SIM_PANELS.find((p) => p.key === 'perfect')!];
  await linkTo(panvy, 1, sql`true`);
  await linkTo(perfect, 2, sql`${h(s, 26, 100)} < 40`);
  await q.execute(
    sql`UPDATE services s SET is_enabled = false WHERE is_enabled AND NOT EXISTS (SELECT 1 FROM service_providers x WHERE x.service_id = s.id AND x.is_active)`,
  );

  // Prices: the dearest active link's cost in the panel's currency (the margin guard's arithmetic), plus 30–120 %, rounded up to 4 decimals.
  const { currencies } = await readPanelSettings(q);
  const rates = JSON.stringify({ ...currencies.rates, [currencies.default]: '1' });
  const costs = sql`SELECT sp.service_id, max(round(ps.source_price * sv.pricing_per / ps.source_pricing_per / r.rate, 4)) AS cost
      FROM service_providers sp JOIN seed_new_services n ON n.id = sp.service_id JOIN services sv ON sv.id = sp.service_id
      JOIN provider_services ps ON ps.id = sp.provider_service_id JOIN providers p ON p.id = ps.external_panel_id
      CROSS JOIN LATERAL (SELECT (${rates}::jsonb ->> upper(coalesce(ps.source_price_currency, p.currency)))::numeric AS rate) r
     WHERE sp.is_active AND r.rate > 0 GROUP BY sp.service_id`;
  await q.execute(sql`UPDATE services s SET default_price = ceil(c.cost * (130 + ${h(s, 31, 91)}) / 100 * 10000) / 10000
    FROM (${costs}) c WHERE c.service_id = s.id`);
  const few = await rows<{ id: number }>(
    q,
    sql`SELECT n.id FROM seed_new_services n JOIN services s ON s.id = n.id WHERE s.is_enabled AND NOT s.is_archived ORDER BY n.id LIMIT ${BELOW_MARGIN_FACTORS.length}`,
  );
  for (const [i, { id }] of few.entries()) {
    await q.execute(sql`UPDATE services s SET default_price = round(c.cost * ${BELOW_MARGIN_FACTORS[i]}::numeric, 4) FROM (${costs}) c
      WHERE c.service_id = s.id AND s.id = ${id}`);
  }
  await q.execute(sql`DROP TABLE seed_new_services, seed_sim_offers`);
}

export async function seedDemoCatalogue(q: Queryable): Promise<void> {
  const total = demoServicesCount();
  const now = sql`now()`;

  // Networks the users seed made get their looks and texts; three more networks join them.
  for (const [network, look] of Object.entries(NETWORK_LOOKS)) {
    await q.execute(sql`UPDATE networks SET icon = ${look.icon}, color = ${look.color}, url_examples = ${JSON.stringify(look.examples)}::jsonb,
        description = name || ' growth services',
        translations = jsonb_build_object('en', jsonb_build_object('name', name, 'description', name || ' growth services'),
          'fr', jsonb_build_object('name', name, 'description', ${look.fr}::text), 'de', jsonb_build_object('name', name, 'description', ${look.de}::text),
          'es', jsonb_build_object('name', name, 'description', ${look.es}::text), 'ru', jsonb_build_object('name', name, 'description', ${look.ru}::text)),
        translations_updated_at = jsonb_build_object('en', ${now}, 'fr', ${now}, 'de', ${now}, 'es', ${now}, 'ru', ${now}),
        source_updated_at = ${now}
      WHERE network = ${network}`);
  }
  const lastSorting = (await one<{ n: number }>(q, sql`SELECT coalesce(max(sorting), 0)::int AS n FROM networks`))!.n;
  for (const [i, n] of NEW_NETWORKS.entries()) {
    const net = await one<{ id: number }>(
      q,
      sql`INSERT INTO networks (name, network, sorting, icon, color, url_examples, description, translations, translations_updated_at, source_updated_at)
        VALUES (${n.name}, ${n.network}, ${lastSorting + i + 1}, ${n.icon}, ${n.color}, ${JSON.stringify([n.example])}::jsonb, ${`${n.name} growth services`},
          jsonb_build_object('en', jsonb_build_object('name', ${n.name}::text, 'description', ${`${n.name} growth services`}::text)),
          jsonb_build_object('en', ${now}), ${now})
        RETURNING id`,
    );
    for (const [ti, [name, type]] of n.types.entries()) {
      await q.execute(sql`INSERT INTO service_types (name, network_id, type, sorting) VALUES (${name}, ${net!.id}, ${type}, ${ti + 1})`);
    }
  }
  for (const [network, types] of Object.entries(MORE_TYPES)) {
    for (const [name, type] of types) {
      await q.execute(sql`INSERT INTO service_types (name, network_id, type, sorting)
        SELECT ${name}, n.id, ${type}, coalesce((SELECT max(sorting) FROM service_types WHERE network_id = n.id), 0) + 1 FROM networks n WHERE n.network = ${network}`);
    }
  }

  // Every service type: slug, texts (English, and French/German for most), colour and rating.
  const st = sql`st.id`;
  await q.execute(sql`UPDATE service_types st SET
      slug = trim(both '-' from regexp_replace(lower(st.name), '[^a-z0-9]+', '-', 'g')),
      title = 'Buy ' || st.name,
      description = st.name || ' from trusted providers, delivered gradually.',
      meta_title = 'Buy ' || st.name || ' — fast and safe',
      meta_description = 'Order ' || st.name || ' with refill and 24/7 support.',
      color = n.color, icon = n.icon,
      reviews_count = 20 + ${h(st, 1, 900)}, reviews_rating = round((4 + ${h(st, 2, 100)} / 100.0)::numeric, 2),
      translations = jsonb_build_object('en', jsonb_build_object('name', st.name, 'title', 'Buy ' || st.name, 'shortDescription', st.name || ' that stay.',
          'metaTitle', 'Buy ' || st.name || ' — fast and safe', 'metaDescription', 'Order ' || st.name || ' with refill and 24/7 support.'))
        || CASE WHEN ${h(st, 3, 10)} < 7 THEN jsonb_build_object('fr', jsonb_build_object('name', st.name, 'title', 'Acheter ' || st.name,
          'shortDescription', st.name || ' qui restent.', 'metaTitle', 'Acheter ' || st.name || ' — rapide et sûr',
          'metaDescription', 'Commandez ' || st.name || ' avec recharge et support 24/7.')) ELSE '{}'::jsonb END
        || CASE WHEN ${h(st, 4, 10)} < 4 THEN jsonb_build_object('de', jsonb_build_object('name', st.name, 'title', st.name || ' kaufen')) ELSE '{}'::jsonb END,
      translations_updated_at = jsonb_build_object('en', ${now}, 'fr', ${now}, 'de', ${now}),
      source_updated_at = ${now}
    FROM networks n WHERE n.id = st.network_id`);

  // Services up to the total, spread over every type.
  const existing = (await one<{ n: number }>(q, sql`SELECT count(*)::int AS n FROM services`))!.n;
  const types = await rows<{ id: number }>(q, sql`SELECT id FROM service_types ORDER BY id`);
  const i = sql`g.i`;
  if (total > existing) {
    await q.execute(sql`
      INSERT INTO services (name, service_type_id, min_quantity, max_quantity, quantity_step, default_price, min_price, pricing_per,
        is_enabled, is_archived, has_refill, drip_feed_is_allowed, api_access, restricted_access, moderation_is_enabled,
        cancel_by_client_is_allowed, resale_margin_percent, created_at)
      SELECT t.name || ' — ' || ${textArray(VARIANTS.en)}[1 + ${h(i, 5, VARIANTS.en.length)}] || ' #' || g.i,
        t.id,
        m.min_q, m.min_q + m.step * (100 + ${h(i, 7, 5000)}), m.step,
        round((0.05 + ${h(i, 8, 4000)} / 100.0)::numeric, 4), 0, 1000,
        ${h(i, 9, 100)} < 85, ${h(i, 9, 100)} >= 95, ${h(i, 10, 100)} < 40, ${h(i, 11, 100)} < 30, ${h(i, 12, 100)} < 90,
        ${h(i, 13, 100)} < 5, ${h(i, 14, 100)} < 10, ${h(i, 15, 100)} < 20, round((${h(i, 16, 40)} / 100.0)::numeric, 4),
        now() - ${h(i, 17, 700)} * interval '1 day'
      FROM generate_series(1, ${total - existing}) AS g(i)
      CROSS JOIN LATERAL (SELECT (${sql`ARRAY[${sql.join(
        types.map((t) => sql`${t.id}`),
        sql`, `,
      )}]::int[]`})[1 + ${h(i, 6, types.length)}] AS id) pick
      JOIN service_types t ON t.id = pick.id
      CROSS JOIN LATERAL (SELECT (ARRAY[10, 50, 100, 500])[1 + ${h(i, 18, 4)}] AS min_q, (ARRAY[1, 10, 50])[1 + ${h(i, 19, 3)}] AS step) m`);
  }

  // Slugs, texts and sorting for every service (those of the users seed too); part of them translated, some stale.
  const s = sql`s.id`;
  const variant = (locale: keyof typeof VARIANTS) => sql`${textArray(VARIANTS[locale])}[1 + ${h(s, 5, VARIANTS.en.length)}]`;
  const localized = (locale: 'fr' | 'de' | 'es' | 'ru') => sql`jsonb_build_object(${locale}::text, jsonb_build_object(
      'name', regexp_replace(s.name, ' — .*$', '') || ' — ' || ${variant(locale)},
      'speed', ${SPEED[locale]}::text, 'startTime', ${START[locale]}::text, 'guarantee', ${GUARANTEE[locale]}::text,
      'shortDescription', regexp_replace(s.name, ' — .*$', '') || ' — ' || ${variant(locale)}))`;
  await q.execute(sql`UPDATE services s SET
      slug = trim(both '-' from regexp_replace(lower(s.name), '[^a-z0-9]+', '-', 'g')) || '-' || s.id,
      translations = jsonb_build_object('en', jsonb_build_object('name', s.name, 'speed', ${SPEED.en}::text, 'startTime', ${START.en}::text,
          'guarantee', ${GUARANTEE.en}::text, 'shortDescription', s.name, 'description', s.name || ': delivered gradually from trusted providers.'))
        || CASE WHEN ${h(s, 20, 100)} < 60 THEN ${localized('fr')} ELSE '{}'::jsonb END
        || CASE WHEN ${h(s, 21, 100)} < 45 THEN ${localized('de')} ELSE '{}'::jsonb END
        || CASE WHEN ${h(s, 22, 100)} < 35 THEN ${localized('es')} ELSE '{}'::jsonb END
        || CASE WHEN ${h(s, 23, 100)} < 25 THEN ${localized('ru')} ELSE '{}'::jsonb END,
      -- One service in five had its English texts changed after French and German were written: those are stale.
      translations_updated_at = jsonb_build_object('en', now(), 'es', now(), 'ru', now(),
        'fr', CASE WHEN ${h(s, 24, 5)} = 0 THEN now() - interval '10 days' ELSE now() END,
        'de', CASE WHEN ${h(s, 24, 5)} = 0 THEN now() - interval '10 days' ELSE now() END),
      source_updated_at = now() - CASE WHEN ${h(s, 24, 5)} = 0 THEN interval '1 day' ELSE interval '20 days' END,
      sorting = x.n
    FROM (SELECT id, row_number() OVER (PARTITION BY service_type_id ORDER BY id)::int AS n FROM services) x
    WHERE x.id = s.id`);

  await linkAndPriceNewServices(q);

  // Labels on about a third of the services.
  for (const [name, icon, more] of LABELS) {
    const translations = { en: { name }, ...Object.fromEntries(Object.entries(more).map(([l, v]) => [l, { name: v }])) };
    await q.execute(sql`INSERT INTO labels (name, icon, translations) VALUES (${name}, ${icon}, ${JSON.stringify(translations)}::jsonb)`);
  }
  await q.execute(sql`INSERT INTO service_labels (service_id, label_id)
    SELECT s.id, l.id FROM services s JOIN labels l ON ${h(sql`(s.id * 11 + l.id)`, 27, 100)} < 12 ON CONFLICT DO NOTHING`);

  // Target types, targets, attachments and checker groups.
  for (const [kind, title, viewType, selectable] of TARGET_TYPES) {
    await q.execute(
      sql`INSERT INTO target_types (name, title, view_type, selectable, enabled_for_service) VALUES (${kind}, ${title}, ${viewType}, ${selectable}, true)`,
    );
  }
  const typeId = async (kind: string) => (await one<{ id: number }>(q, sql`SELECT id FROM target_types WHERE name = ${kind} ORDER BY id LIMIT 1`))!.id;
  const targets: [string, string, string, string[], Record<string, Record<string, string>>][] = [
    [
      'geotargeting',
      'Country',
      'Choose the audience country',
      ['US', 'GB', 'DE', 'FR', 'ES', 'BR', 'IN', 'TR', 'RU', 'JP'],
      { fr: { name: 'Pays' }, de: { name: 'Land' } },
    ],
    [
      'language',
      'Audience language',
      'Languages of the audience',
      ['English', 'Spanish', 'Portuguese', 'German', 'French', 'Turkish'],
      { fr: { name: 'Langue du public' } },
    ],
    ['comment', 'Comments', 'One comment per line', [], {}],
    ['keyword', 'Search keyword', 'The phrase viewers search for', [], {}],
    ['seo_keyword', 'SEO keyword', 'The keyword to rank for', [], {}],
  ];
  for (const [kind, name, placeholder, values, more] of targets) {
    const translations = { en: { name, description: '', placeholder }, ...more };
    await q.execute(sql`INSERT INTO targets (name, placeholder, selectable_values, is_visible_default_values, target_type_id, translations)
      VALUES (${name}, ${placeholder}, ${JSON.stringify(values)}::jsonb, ${values.length > 0}, ${await typeId(kind)}, ${JSON.stringify(translations)}::jsonb)`);
  }
  await q.execute(sql`INSERT INTO service_targets (service_id, target_id, targetable_values)
    SELECT s.id, t.id, CASE WHEN jsonb_array_length(t.selectable_values) > 0 THEN t.selectable_values - 0 ELSE '[]'::jsonb END
      FROM services s JOIN targets t ON ${h(sql`(s.id * 13 + t.id)`, 28, 100)} < 6 ON CONFLICT DO NOTHING`);
  await q.execute(sql`INSERT INTO target_attachments (name, is_system, selectables, type) VALUES
    ('Comments list', true, '[]'::jsonb, 'textarea'), ('Usernames list', false, '[]'::jsonb, 'textarea'),
    ('Hashtags', false, '[]'::jsonb, 'input'), ('Gender', false, '["male", "female"]'::jsonb, 'select')`);
  await q.execute(sql`INSERT INTO service_target_attachments (service_id, target_attachment_id)
    SELECT s.id, a.id FROM services s JOIN target_attachments a ON ${h(sql`(s.id * 17 + a.id)`, 29, 100)} < 4 ON CONFLICT DO NOTHING`);
  await q.execute(sql`INSERT INTO promotable_checker_groups (name, service_type_type, checkers) VALUES
    ('Public profile', 'followers', '[{"id": 1, "name": "Profile is public"}, {"id": 2, "name": "Profile exists"}]'::jsonb),
    ('Public post', 'likes', '[{"id": 3, "name": "Post is public"}, {"id": 4, "name": "Post is not deleted"}]'::jsonb),
    ('Video available', 'views', '[{"id": 5, "name": "Video is public"}, {"id": 6, "name": "Video is not age-restricted"}]'::jsonb)`);
  await q.execute(sql`UPDATE services s SET promotable_checker_group_id = g.id
    FROM service_types st, promotable_checker_groups g WHERE st.id = s.service_type_id AND g.service_type_type = st.type`);
}
