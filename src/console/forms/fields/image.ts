/**
 * Checks an image before it is uploaded, with messages the member can act on: the format (the
 * accept list), the size in bytes, and optionally exact or largest pixel dimensions (banner images
 * have fixed sizes). The server checks again; this only saves a round trip.
 */

export interface Dimensions {
  width: number;
  height: number;
}

export interface ImageRules {
  /** MIME types ('image/png'), wildcards ('image/*') or extensions ('.svg'). PNG, JPEG and SVG by default. */
  accept?: readonly string[];
  /** Largest file in bytes. */
  maxBytes?: number;
  /** Width and height the image must have exactly (a raster image; an SVG scales to any size). */
  exactDimensions?: Dimensions;
  /** Largest width and height (a raster image). */
  maxDimensions?: Dimensions;
}

export const DEFAULT_IMAGE_ACCEPT = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
};

const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/svg+xml': 'SVG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/x-icon': 'ICO',
  'image/*': 'image',
};

const extensionOf = (name: string) => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();

/** The file's MIME type, from its name when the browser gave none. */
export const typeOf = (file: File): string => file.type || EXTENSION_TYPES[extensionOf(file.name)] || '';

export function accepts(file: File, accept: readonly string[]): boolean {
  const type = typeOf(file);
  const extension = `.${extensionOf(file.name)}`;
  return accept.some((a) => {
    const rule = a.trim().toLowerCase();
    if (rule.startsWith('.')) return rule === extension;
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return rule === type;
  });
}

/** 'PNG, JPEG or SVG'. */
export function acceptLabel(accept: readonly string[]): string {
  const names = [...new Set(accept.map((a) => TYPE_NAMES[a] ?? a.replace(/^\./, '').toUpperCase()))];
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** 2097152 -> '2 MB', 153600 -> '150 KB', 900 -> '900 bytes'. */
export function formatBytes(bytes: number): string {
  const trim = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Reads an image's pixel size in the browser (decoding it off-screen). */
export function readImageDimensions(file: File): Promise<Dimensions> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      reject(new Error('The image could not be read.'));
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

const isSvg = (file: File) => typeOf(file) === 'image/svg+xml';

/** The first rule the file breaks, as a sentence, or null when it may be uploaded. */
export async function checkImage(
  file: File,
  rules: ImageRules = {},
  readDimensions: (file: File) => Promise<Dimensions> = readImageDimensions,
): Promise<string | null> {
  const accept = rules.accept ?? DEFAULT_IMAGE_ACCEPT;
  if (!accepts(file, accept)) return `The image must be a ${acceptLabel(accept)} file.`;
  if (rules.maxBytes !== undefined && file.size > rules.maxBytes) {
    return `The image must be at most ${formatBytes(rules.maxBytes)} (this one is ${formatBytes(file.size)}).`;
  }
  const { exactDimensions: exact, maxDimensions: max } = rules;
  if ((!exact && !max) || isSvg(file)) return null;
  let size: Dimensions;
  try {
    size = await readDimensions(file);
  } catch {
    return 'The image could not be read.';
  }
  const got = `${size.width} × ${size.height}`;
  if (exact && (size.width !== exact.width || size.height !== exact.height)) {
    return `The image must be exactly ${exact.width} × ${exact.height} pixels (this one is ${got}).`;
  }
  if (max && (size.width > max.width || size.height > max.height)) {
    return `The image must be at most ${max.width} × ${max.height} pixels (this one is ${got}).`;
  }
  return null;
}

/** The rules in a line for the drop zone: 'PNG, JPEG or SVG · up to 2 MB · 260 × 170 pixels'. */
export function describeRules(rules: ImageRules): string {
  const parts = [acceptLabel(rules.accept ?? DEFAULT_IMAGE_ACCEPT)];
  if (rules.maxBytes !== undefined) parts.push(`up to ${formatBytes(rules.maxBytes)}`);
  if (rules.exactDimensions) parts.push(`${rules.exactDimensions.width} × ${rules.exactDimensions.height} pixels`);
  else if (rules.maxDimensions) parts.push(`at most ${rules.maxDimensions.width} × ${rules.maxDimensions.height} pixels`);
  return parts.join(' · ');
}
