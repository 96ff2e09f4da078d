import { sql } from 'drizzle-orm';
import { BANNER_IMAGE_SIZES, bannerSizeOf, type BannerPlace } from '../../../contract/storefront';
import { rows, type Queryable } from '../../db/client';
import { storeImage } from '../../kit/uploads';
import { ensureBannerPlaces } from './banners';
import { packageCosts } from './costs';
import { bannerInformations, banners, specialOffers } from './schema';

/**
 * Demo storefront: the packages the combo-orders seed created get contents of real services of
 * their network (costs computed as the editor does), slugs, texts and some discounts; special
 * offers on the first networks; banners for several places with slides whose images are SVGs
 * drawn at the place's sizes; auto-promotion switches, order and services. Deterministic.
 */

export async function seedStorefrontBase(q: Queryable): Promise<void> {
  await ensureBannerPlaces(q);
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function seedPackageContents(q: Queryable) {
  const packs = await rows<{ id: number; name: string; type: string; network_id: number; is_archived: boolean }>(
    q,
    sql`SELECT p.id, p.name, p.type, p.network_id, p.is_archived FROM packages p
         WHERE p.network_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM package_contents c WHERE c.package_id = p.id) ORDER BY p.id`,
  );
  const services = await rows<{
    id: number;
    network_id: number;
    default_price: string;
    pricing_per: number;
    min_quantity: number;
    max_quantity: number;
    quantity_step: number;
  }>(
    q,
    sql`SELECT s.id, st.network_id, s.default_price::text AS default_price, s.pricing_per, s.min_quantity, s.max_quantity, s.quantity_step
          FROM services s JOIN service_types st ON st.id = s.service_type_id WHERE NOT s.is_archived ORDER BY st.sorting, st.id, s.sorting, s.id`,
  );
  const byNetwork = new Map<number, typeof services>();
  for (const s of services) byNetwork.set(s.network_id, [...(byNetwork.get(s.network_id) ?? []), s]);
  for (const [n, pack] of packs.entries()) {
    const pool = byNetwork.get(pack.network_id) ?? [];
    if (pool.length === 0) continue;
    const count = Math.min(pool.length, 2 + (n % 2));
    // Spread over the network's services so packages differ.
    const chosen = Array.from({ length: count }, (_, i) => pool[(n * 3 + i * 5) % pool.length]).filter(
      (s, i, all) => all.findIndex((o) => o.id === s.id) === i,
    );
    const lines = chosen.map((s, i) => {
      const step = Math.max(1, s.quantity_step);
      const wanted = Math.max(s.min_quantity, Math.min(s.max_quantity, s.min_quantity * (5 + i * 5)));
      return { service: s, quantity: Math.max(s.min_quantity, Math.floor(wanted / step) * step) };
    });
    const discount = pack.type === 'manual' ? '0.000' : ['0.050', '0.100', '0.000', '0.150'][n % 4];
    const fixed = pack.type === 'manual' ? null : null;
    const costs = packageCosts(
      lines.map((l) => ({ defaultPrice: l.service.default_price, pricingPer: l.service.pricing_per, quantity: l.quantity })),
      fixed,
      discount,
    );
    const total = pack.type === 'manual' ? String(Math.ceil(Number(costs.defaultCost) * 1.2)) + '.0000' : null;
    const final = total
      ? packageCosts(
          lines.map((l) => ({ defaultPrice: l.service.default_price, pricingPer: l.service.pricing_per, quantity: l.quantity })),
          total,
          discount,
        )
      : costs;
    for (const [i, l] of lines.entries()) {
      await q.execute(sql`INSERT INTO package_contents (package_id, service_id, quantity, cost, price, is_displayable, sorting)
          VALUES (${pack.id}, ${l.service.id}, ${l.quantity}, ${final.lines[i].cost}, ${final.lines[i].price}, ${i < 2 || n % 3 !== 0}, ${i})`);
    }
    await q.execute(sql`UPDATE packages SET default_cost = ${final.defaultCost}, total_cost = ${final.totalCost}, difference = ${final.difference},
        fixed_cost = ${total}, discount_percent = ${discount}, slug = ${`${slugify(pack.name)}-${pack.id}`}, restricted_access = ${n % 7 === 3},
        buy_page_url = ${n % 4 === 0 ? `https://panel.example.com/packages/${slugify(pack.name)}` : null},
        translations = ${JSON.stringify({
          en: { name: pack.name, description: `${lines.length} services in one order: ${lines.map((l) => l.quantity).join(' + ')}.` },
          ...(n % 2 === 0 ? { es: { name: `${pack.name} (ES)`, description: '' }, de: { name: `${pack.name} (DE)`, description: '' } } : {}),
        })}::jsonb
      WHERE id = ${pack.id}`);
  }
}

async function seedSpecialOffers(q: Queryable) {
  const existing = await rows(q, sql`SELECT 1 FROM special_offers LIMIT 1`);
  if (existing.length) return;
  const networks = await rows<{ id: number; name: string }>(q, sql`SELECT id, name FROM networks ORDER BY sorting, id LIMIT 4`);
  const plan: [string, string, boolean, boolean][] = [
    ['dashboard', 'top', true, false],
    ['new_order', 'middle', false, false],
    ['services', 'bottom', true, false],
    ['service_type', 'top', false, true],
  ];
  for (const [n, network] of networks.entries()) {
    const types = await rows<{ id: number }>(q, sql`SELECT id FROM service_types WHERE network_id = ${network.id} ORDER BY sorting, id LIMIT 2`);
    for (const [k, [place, position, enabled, archived]] of plan.slice(0, n < 2 ? 3 : 2).entries()) {
      const typeIds = k === 0 ? [] : types.slice(0, 1).map((t) => t.id);
      const svc = await rows<{ id: number }>(
        q,
        sql`SELECT s.id FROM services s JOIN service_types st ON st.id = s.service_type_id
             WHERE st.network_id = ${network.id} AND NOT s.is_archived ${typeIds.length ? sql`AND s.service_type_id IN ${typeIds}` : sql``}
             ORDER BY s.sorting, s.id LIMIT ${3 + k}`,
      );
      if (svc.length === 0) continue;
      const label = ['Hot deals', 'Weekend offer', 'Best sellers', 'Last season'][k];
      await q.insert(specialOffers).values({
        place,
        position,
        networkId: network.id,
        serviceTypeIds: typeIds,
        serviceIds: svc.map((s) => s.id),
        translations: {
          en: { name: `${network.name}: ${label}` },
          ...(k === 0 ? { fr: { name: `${network.name} : ${label === 'Hot deals' ? 'Bonnes affaires' : label}` } } : {}),
        },
        isEnabled: enabled && !archived,
        isArchived: archived,
      });
    }
  }
}

/** A banner image as SVG at the place's exact size (the checks accept any SVG; this one also looks right). */
function bannerSvg(width: number, height: number, from: string, to: string, text: string): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${Math.round(width * 0.8)}" cy="${Math.round(height / 2)}" r="${Math.round(Math.min(width, height) / 3)}" fill="#ffffff" fill-opacity="0.18"/>
<text x="${Math.round(width / 2)}" y="${Math.round(height / 2)}" font-family="sans-serif" font-size="${Math.max(12, Math.round(height / 8))}" fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${text}</text>
</svg>`;
  return new TextEncoder().encode(svg);
}

const SLIDES: Partial<
  Record<
    BannerPlace,
    {
      type: 'slider' | 'html';
      delay: number;
      slides: { title: string; sub: string; button: string; link: string; colors: [string, string] }[];
      content?: string;
    }
  >
> = {
  dashboard: {
    type: 'slider',
    delay: 5,
    slides: [
      {
        title: 'Spring sale: 20% off likes',
        sub: 'On every Instagram likes service until Sunday',
        button: 'Shop now',
        link: '/services',
        colors: ['#1c7ed6', '#7048e8'],
      },
      {
        title: 'Invite a friend, earn 10%',
        sub: 'Your referral link is on the profile page',
        button: 'Get my link',
        link: '/referral-program',
        colors: ['#0ca678', '#1098ad'],
      },
      { title: 'New: YouTube watch time', sub: 'Real viewers, gradual delivery', button: 'See services', link: '/services', colors: ['#e8590c', '#d6336c'] },
    ],
  },
  services_pricing_first_short: {
    type: 'slider',
    delay: 4,
    slides: [{ title: 'Bulk discounts', sub: 'Save up to 15% on packages', button: 'Packages', link: '/packages', colors: ['#5f3dc4', '#1971c2'] }],
  },
  sidebar: {
    type: 'slider',
    delay: 8,
    slides: [
      { title: 'Need help?', sub: '24/7 support', button: 'Chat', link: 'https://t.me/panel_support', colors: ['#343a40', '#495057'] },
      { title: 'API access', sub: 'Automate orders', button: 'Docs', link: '/api', colors: ['#2b8a3e', '#087f5b'] },
    ],
  },
  create_order: {
    type: 'slider',
    delay: 3,
    slides: [{ title: 'Drip-feed is here', sub: 'Spread any order over days', button: 'Try it', link: '/drip-feed', colors: ['#c2255c', '#862e9c'] }],
  },
  orders: { type: 'html', delay: 3, slides: [], content: '<p><strong>Orders placed before 1 June</strong> are refilled for free for 30 days.</p>' },
};

async function seedBanners(q: Queryable) {
  const used = await rows(q, sql`SELECT 1 FROM banner_informations LIMIT 1`);
  if (used.length) return;
  for (const [place, spec] of Object.entries(SLIDES) as [BannerPlace, NonNullable<(typeof SLIDES)[BannerPlace]>][]) {
    const [banner] = await q.select().from(banners).where(sql`${banners.place} = ${place}`);
    if (!banner) continue;
    const sizes = BANNER_IMAGE_SIZES[bannerSizeOf(place)];
    for (const [i, slide] of spec.slides.entries()) {
      const background = await storeImage(q, `banner-${place}-backgroundImage`, {
        bytes: bannerSvg(sizes.backgroundImage.width, sizes.backgroundImage.height, slide.colors[0], slide.colors[1], ''),
        type: 'image/svg+xml',
      });
      const image = await storeImage(q, `banner-${place}-image`, {
        bytes: bannerSvg(sizes.image.width, sizes.image.height, slide.colors[1], slide.colors[0], slide.button),
        type: 'image/svg+xml',
      });
      await q.insert(bannerInformations).values({
        bannerId: banner.id,
        backgroundImage: background,
        image,
        backgroundColor: slide.colors[0],
        sorting: i,
        translations: {
          en: {
            title: slide.title,
            titleColor: '#ffffff',
            subTitle: slide.sub,
            subTitleColor: '#f1f3f5',
            buttonText: slide.button,
            buttonTextColor: slide.colors[0],
            buttonBgColor: '#ffffff',
            buttonLink: slide.link,
          },
          ...(i === 0
            ? {
                es: {
                  title: `${slide.title} (ES)`,
                  titleColor: '#ffffff',
                  subTitle: '',
                  subTitleColor: '',
                  buttonText: 'Comprar',
                  buttonTextColor: '',
                  buttonBgColor: '',
                  buttonLink: slide.link,
                },
              }
            : {}),
        },
      });
    }
    await q
      .update(banners)
      .set({ type: spec.type, scrollDelay: spec.delay, content: spec.content ?? '' })
      .where(sql`${banners.id} = ${banner.id}`);
  }
}

async function seedAutoPromotions(q: Queryable) {
  const existing = await rows(q, sql`SELECT 1 FROM auto_promotion_networks LIMIT 1`);
  if (existing.length) return;
  const networks = await rows<{ id: number }>(q, sql`SELECT id FROM networks ORDER BY sorting, id`);
  for (const [i, n] of networks.entries()) {
    await q.execute(sql`INSERT INTO auto_promotion_networks (network_id, is_enabled, sorting) VALUES (${n.id}, ${i < 2}, ${i + 1})`);
    if (i >= 3) continue;
    await q.execute(sql`INSERT INTO auto_promotion_services (network_id, service_type_id, service_id)
      SELECT ${n.id}, s.service_type_id, s.id FROM (
        SELECT s.id, s.service_type_id, row_number() OVER (PARTITION BY s.service_type_id ORDER BY s.sorting, s.id) AS k,
               dense_rank() OVER (ORDER BY st.sorting, st.id) AS t
          FROM services s JOIN service_types st ON st.id = s.service_type_id
         WHERE st.network_id = ${n.id} AND NOT s.is_archived) s
      WHERE s.k <= 2 AND s.t <= 2
      ON CONFLICT DO NOTHING`);
  }
}

export async function seedDemoStorefront(q: Queryable): Promise<void> {
  await seedPackageContents(q);
  await seedSpecialOffers(q);
  await seedBanners(q);
  await seedAutoPromotions(q);
}
