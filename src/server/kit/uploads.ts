import { eq, sql } from 'drizzle-orm';
import { IMAGE_MAX_BYTES } from '../../contract/panel-settings';
import type { Queryable } from '../db/client';
import { uploadedFiles } from '../db/schema/settings';

/**
 * Uploaded images: the type is read from the file's first bytes (the declared type and the name are
 * not trusted), the size is capped, and the file is served back with that type. URLs carry the row
 * id, so a replaced image gets a new URL and caches never show the old one.
 */

export const FILES_PATH = '/api/v1/files';

export type SniffedType = 'image/png' | 'image/jpeg' | 'image/svg+xml' | 'image/x-icon' | 'image/webp' | 'image/gif';

export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x00, 0x00, 0x01, 0x00)) return 'image/x-icon';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP') return 'image/webp';
  const head = new TextDecoder()
    .decode(bytes.slice(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if ((head.startsWith('<?xml') || head.startsWith('<svg') || head.startsWith('<!--')) && head.includes('<svg')) return 'image/svg+xml';
  return null;
}

const EXTENSIONS: Record<SniffedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Why this file is refused, or null. */
export async function checkImage(file: Blob): Promise<{ error: string } | { bytes: Uint8Array; type: SniffedType }> {
  if (file.size === 0) return { error: 'The file is empty.' };
  if (file.size > IMAGE_MAX_BYTES) return { error: `The file may not be greater than ${Math.round(IMAGE_MAX_BYTES / 1024)} kilobytes.` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return { error: 'The file must be an image of type: png, jpeg, svg, ico, webp or gif.' };
  return { bytes, type };
}

export async function storeImage(q: Queryable, field: string, image: { bytes: Uint8Array; type: SniffedType }): Promise<string> {
  const name = `${field.replace(/[^A-Za-z0-9_-]/g, '')}.${EXTENSIONS[image.type]}`;
  const [row] = await q
    .insert(uploadedFiles)
    .values({ name, contentType: image.type, bytes: image.bytes, size: image.bytes.length })
    .returning({ id: uploadedFiles.id });
  return `${FILES_PATH}/${row.id}-${name}`;
}

/** The id of one of our file URLs, or null for anything else. */
export function fileIdOf(url: string | null | undefined): number | null {
  const match = url ? new RegExp(`^${FILES_PATH}/(\\d{1,12})-`).exec(url) : null;
  return match ? Number(match[1]) : null;
}

export async function removeImage(q: Queryable, url: string | null | undefined): Promise<void> {
  const id = fileIdOf(url);
  if (id !== null) await q.delete(uploadedFiles).where(eq(uploadedFiles.id, id));
}

export async function readImage(q: Queryable, id: number): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
  const [row] = await q
    .select({ contentType: uploadedFiles.contentType, bytes: uploadedFiles.bytes })
    .from(uploadedFiles)
    .where(sql`${uploadedFiles.id} = ${id}`);
  return row;
}
