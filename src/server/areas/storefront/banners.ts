import { sql } from 'drizzle-orm';
import { zodIssuesToErrors } from '../../../contract/errors';
import {
  BANNER_IMAGE_FIELDS,
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_SIZES,
  BANNER_PLACE_LABELS,
  BANNER_PLACES,
  BANNERS_TABLE,
  bannerBodySchema,
  bannerSizeOf,
  SCROLL_DELAY_DEFAULT_READ,
  type BannerDetail,
  type BannerPlace,
  type BannerRow,
} from '../../../contract/storefront';
import { tableRequestSchema } from '../../../contract/table';
import { writeAudit } from '../../audit';
import type { Db, Queryable } from '../../db/client';
import type { AppContext } from '../../http/context';
import type { Actor } from '../../deps';
import { fieldError, validationFailed } from '../../http/errors';
import { updateRecord } from '../../kit/crud';
import { defineRecord, findById, recordNotFound } from '../../kit/records';
import { defineTable, utcText, type TableContext } from '../../table';
import { readFormOrJsonBody } from '../../http/form';
import { removeImage, sniffImageType, storeImage } from '../../kit/uploads';
import { rasterSize } from './images';
import { bannerInformations, banners } from './schema';

/**
 * Banners: one per place (the 19 places exist from the first start), type none meaning disabled.
 * Saving is multipart (POST with `_method=PATCH`): the slides in their
 * new order (sorting renumbered 0, 1, 2…), images as files checked against the place's sizes and
 * the formats png, jpeg and svg, kept by their current address, or removed. Images live in the
 * panel's uploaded files (served at /api/v1/files/…); a replaced or removed one is deleted.
 */

export const bannerRecord = defineRecord({ table: banners, thing: 'Banner', type: 'banner' });

const statusSql = sql`CASE WHEN b.type = 'none' THEN 'disabled' ELSE 'active' END`;
const countSql = sql`(SELECT count(*)::int FROM banner_informations i WHERE i.banner_id = b.id)`;

interface BannerDbRow extends Record<string, unknown> {
  id: number;
  place: BannerPlace;
  type: BannerRow['type'];
  status: BannerRow['status'];
  informations_count: number;
  scroll_delay: number | null;
  preview: string | null;
  updated_at: string;
}

const mapBanner = (row: BannerDbRow): BannerRow => ({
  id: row.id,
  place: row.place,
  type: row.type,
  isEnabled: row.type !== 'none',
  status: row.status,
  informationsCount: Number(row.informations_count),
  // 0 when reading a banner that never had one.
  scrollDelay: row.scroll_delay ?? SCROLL_DELAY_DEFAULT_READ,
  preview: row.preview,
  updatedAt: row.updated_at,
});

export const bannersTable = defineTable(BANNERS_TABLE, {
  from: sql`banners b`,
  select: sql`b.id, b.place, b.type, ${statusSql} AS status, ${countSql} AS informations_count, b.scroll_delay,
    (SELECT coalesce(i.image, i.background_image) FROM banner_informations i WHERE i.banner_id = b.id ORDER BY i.sorting, i.id LIMIT 1) AS preview,
    ${utcText(sql`b.updated_at`)} AS updated_at`,
  id: sql`b.id`,
  columns: {
    id: { sql: sql`b.id` },
    place: { sql: sql`b.place` },
    type: { sql: sql`b.type` },
    status: { sql: statusSql },
    informationsCount: { sql: countSql },
    scrollDelay: { sql: sql`coalesce(b.scroll_delay, 0)` },
    updatedAt: { sql: sql`b.updated_at` },
  },
  search: [sql`b.place`, sql`replace(b.place, '_', ' ')`],
  defaultSort: [{ key: 'id', desc: false }],
  map: mapBanner,
});

const ONE_ROW = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 1 } });

export async function loadBanner(q: Queryable, id: number, ctx: TableContext): Promise<BannerDetail> {
  const { items } = await bannersTable.query(q, ONE_ROW, ctx, { where: sql`b.id = ${id}` });
  const row = items[0];
  if (!row) throw recordNotFound(bannerRecord, id);
  const [banner] = await q.select({ content: banners.content }).from(banners).where(sql`${banners.id} = ${id}`);
  const slides = await q
    .select()
    .from(bannerInformations)
    .where(sql`${bannerInformations.bannerId} = ${id}`)
    .orderBy(bannerInformations.sorting, bannerInformations.id);
  return {
    ...row,
    content: banner.content,
    informations: slides.map((s) => ({
      id: s.id,
      backgroundImage: s.backgroundImage,
      backgroundColor: s.backgroundColor,
      image: s.image,
      sorting: s.sorting,
      translations: s.translations ?? {},
    })),
  };
}

/** Base step: every place has its banner row (type none), so the list always shows the 19 places. */
export async function ensureBannerPlaces(q: Queryable): Promise<void> {
  await q.execute(sql`INSERT INTO banners (place, type) SELECT p, 'none' FROM unnest(${sql.raw(`ARRAY[${BANNER_PLACES.map((p) => `'${p}'`).join(', ')}]`)}::text[]) AS p
    ON CONFLICT (place) DO NOTHING`);
}

/** JSON with object keys sorted (jsonb answers keys in its own order). */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

const MAX_BODY_BYTES = 12 * 1024 * 1024;

/** The request as an object: multipart (Laravel's brackets) or JSON; `_method` is the override, not a field. */
export async function readBannerBody(c: AppContext): Promise<unknown> {
  // Cut at 12 MB while it streams; form indices bounded before anything is built.
  const body = await readFormOrJsonBody(c, MAX_BODY_BYTES);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const { _method, ...rest } = body as Record<string, unknown>;
    if (_method !== undefined && !(typeof _method === 'string' && ['PATCH', 'PUT'].includes(_method.toUpperCase()))) {
      throw fieldError('_method', 'The method override must be PATCH.');
    }
    return rest;
  }
  return body;
}

type CheckedImage = { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' | 'image/svg+xml' };

/** A file for a slide image, checked: format (read from its bytes), size in bytes, and the place's pixel size. */
export async function checkBannerImage(file: Blob, place: string, field: (typeof BANNER_IMAGE_FIELDS)[number]): Promise<CheckedImage | string> {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > BANNER_IMAGE_MAX_BYTES) return `The image may not be greater than ${BANNER_IMAGE_MAX_BYTES / 1024} kilobytes.`;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/svg+xml') return 'The image must be a PNG, JPEG or SVG file.';
  if (type !== 'image/svg+xml') {
    const want = BANNER_IMAGE_SIZES[bannerSizeOf(place)][field];
    const got = rasterSize(bytes, type);
    if (!got) return 'The image could not be read.';
    if (got.width !== want.width || got.height !== want.height) {
      return `The image must be exactly ${want.width} × ${want.height} pixels (this one is ${got.width} × ${got.height}).`;
    }
  }
  return { bytes, type };
}

/** PATCH (multipart): validates everything, including every file, before writing anything. */
export async function updateBanner(db: Db, actor: Actor, id: number, raw: unknown): Promise<void> {
  const parsed = bannerBodySchema.safeParse(raw);
  if (!parsed.success) throw validationFailed(zodIssuesToErrors(parsed.error.issues));
  const body = parsed.data;
  const banner = await findById(db, bannerRecord, id);
  if (body.type === 'slider' && body.informations.length === 0) throw fieldError('informations', 'A slider needs at least one slide.');

  const current = await db.select().from(bannerInformations).where(sql`${bannerInformations.bannerId} = ${id}`);
  const byId = new Map(current.map((s) => [s.id, s]));
  const errors: Record<string, string[]> = {};
  const files = new Map<string, CheckedImage>();
  const seen = new Set<number>();
  for (const [i, slide] of body.informations.entries()) {
    const old = slide.id !== undefined ? byId.get(slide.id) : undefined;
    if (slide.id !== undefined && (!old || seen.has(slide.id))) {
      errors[`informations.${i}.id`] = ["The slide is not one of this banner's."];
      continue;
    }
    if (slide.id !== undefined) seen.add(slide.id);
    for (const field of BANNER_IMAGE_FIELDS) {
      const value = slide[field];
      if (value instanceof Blob) {
        const checked = await checkBannerImage(value, banner.place, field);
        if (typeof checked === 'string') errors[`informations.${i}.${field}`] = [checked];
        else files.set(`${i}.${field}`, checked);
      } else if (typeof value === 'string' && value !== '' && value !== old?.[field]) {
        errors[`informations.${i}.${field}`] = ['The image must be a file upload (or its current address to keep it).'];
      }
    }
  }
  if (Object.keys(errors).length) throw validationFailed(errors);

  await db.transaction(async (tx) => {
    await findById(tx, bannerRecord, id, { lock: true });
    const keptIds = new Set(body.informations.flatMap((s) => (s.id !== undefined ? [s.id] : [])));
    const removedImages: (string | null)[] = [];
    for (const old of current) {
      if (!keptIds.has(old.id)) {
        removedImages.push(old.backgroundImage, old.image);
        await tx.delete(bannerInformations).where(sql`${bannerInformations.id} = ${old.id}`);
      }
    }
    const order: number[] = [];
    const after: unknown[] = [];
    for (const [i, slide] of body.informations.entries()) {
      const old = slide.id !== undefined ? byId.get(slide.id) : undefined;
      const images: Record<string, string | null> = {};
      for (const field of BANNER_IMAGE_FIELDS) {
        const file = files.get(`${i}.${field}`);
        const value = slide[field];
        if (file) {
          images[field] = await storeImage(tx, `banner-${banner.place}-${field}`, file);
          removedImages.push(old?.[field] ?? null);
        } else if (value === undefined || (typeof value === 'string' && value !== '')) {
          images[field] = old?.[field] ?? null;
        } else {
          images[field] = null;
          removedImages.push(old?.[field] ?? null);
        }
      }
      const values = {
        backgroundImage: images.backgroundImage,
        image: images.image,
        backgroundColor: slide.backgroundColor,
        sorting: i,
        translations: slide.translations as Record<string, Record<string, string>>,
      };
      after.push([old?.id ?? null, values]);
      if (old) {
        await tx.update(bannerInformations).set(values).where(sql`${bannerInformations.id} = ${old.id}`);
        order.push(old.id);
      } else {
        const [row] = await tx
          .insert(bannerInformations)
          .values({ bannerId: id, ...values })
          .returning({ id: bannerInformations.id });
        order.push(row.id);
      }
    }
    for (const url of removedImages) await removeImage(tx, url);
    const sortedBefore = [...current].sort((a, b) => a.sorting - b.sorting || a.id - b.id);
    const slidesBefore = sortedBefore.map((s) => s.id);
    const stateBefore = sortedBefore.map((s, i) => [
      s.id,
      { backgroundImage: s.backgroundImage, image: s.image, backgroundColor: s.backgroundColor, sorting: i, translations: s.translations },
    ]);
    const slidesChanged = stableJson(stateBefore) !== stableJson(after);
    await updateRecord(tx, actor, bannerRecord, id, {
      type: body.type,
      scrollDelay: body.scrollDelay,
      content: body.content,
      // Slides live in their own table: touching updated_at records that they changed.
      ...(slidesChanged ? { updatedAt: new Date() } : {}),
    });
    // One entry says how the slides changed (order, added, removed, images).
    if (slidesChanged) {
      await writeAudit(tx, actor, {
        event: 'slides_updated',
        auditableType: 'banner',
        auditableId: id,
        oldValues: { informations: slidesBefore },
        newValues: { informations: order, images_uploaded: files.size },
      });
    }
  });
}

/** DELETE: the place shows nothing again; its slides and their images are removed. */
export async function clearBanner(tx: Queryable, actor: Actor, id: number): Promise<string> {
  const banner = await findById(tx, bannerRecord, id, { lock: true });
  const slides = await tx.select().from(bannerInformations).where(sql`${bannerInformations.bannerId} = ${id}`);
  await tx.delete(bannerInformations).where(sql`${bannerInformations.bannerId} = ${id}`);
  for (const s of slides) {
    await removeImage(tx, s.backgroundImage);
    await removeImage(tx, s.image);
  }
  await updateRecord(tx, actor, bannerRecord, id, { type: 'none', scrollDelay: null, content: '', updatedAt: new Date() }, { event: 'deleted' });
  return `Banner for ${BANNER_PLACE_LABELS[banner.place as BannerPlace] ?? banner.place} removed: ${slides.length} slide${slides.length === 1 ? '' : 's'} deleted.`;
}
