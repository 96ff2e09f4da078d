import { defineTableSpec } from '../columns';

/**
 * Storefront content: packages, special offers, banners and auto-promotions — the values and column
 * tables the console's entry reads (no zod here).
 */

/* ---------- packages ---------- */

export const PACKAGE_TYPES = ['auto', 'manual'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
/** Default package type auto. */
export const DEFAULT_PACKAGE_TYPE: PackageType = 'auto';
export const PACKAGE_TYPE_LABELS: Record<PackageType, string> = { auto: 'Auto', manual: 'Manual' };
export const PACKAGE_TRANSLATION_FIELDS = ['name', 'description'] as const;

export const PACKAGES_TABLE = defineTableSpec({
  search: 'id, name or slug',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    type: { filter: 'select', options: PACKAGE_TYPES, sortable: true },
    'network.name': { filter: 'select', valueType: 'int', sortable: true },
    contents: {},
    defaultCost: { filter: 'numberRange', sortable: true },
    discountPercent: { filter: 'numberRange', sortable: true },
    totalCost: { filter: 'numberRange', sortable: true },
    'provider.name': { filter: 'select', valueType: 'int', sortable: true },
    isEnabled: { filter: 'boolean', sortable: true },
    isArchived: { filter: 'boolean', sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
  },
});

/* ---------- special offers ---------- */

export const SPECIAL_OFFER_PLACES = ['dashboard', 'new_order', 'services', 'service_type', 'order_widget'] as const;
export type SpecialOfferPlace = (typeof SPECIAL_OFFER_PLACES)[number];
export const SPECIAL_OFFER_PLACE_LABELS: Record<SpecialOfferPlace, string> = {
  dashboard: 'Dashboard',
  new_order: 'New order',
  services: 'Services and pricing',
  service_type: 'Service type page',
  order_widget: 'Order widget',
};
export const SPECIAL_OFFER_POSITIONS = ['top', 'middle', 'bottom'] as const;
export type SpecialOfferPosition = (typeof SPECIAL_OFFER_POSITIONS)[number];
export const SPECIAL_OFFER_POSITION_LABELS: Record<SpecialOfferPosition, string> = { top: 'Top', middle: 'Middle', bottom: 'Bottom' };
export const SPECIAL_OFFER_STATUSES = ['enabled', 'disabled', 'archived'] as const;
export type SpecialOfferStatus = (typeof SPECIAL_OFFER_STATUSES)[number];
export const SPECIAL_OFFER_STATUS_LABELS: Record<SpecialOfferStatus, string> = { enabled: 'Enabled', disabled: 'Disabled', archived: 'Archived' };
export const SPECIAL_OFFER_TRANSLATION_FIELDS = ['name'] as const;
/** Services per page of the editor's service list; the console loads pages until one comes back empty. */
export const SPECIAL_OFFER_SERVICES_PAGE = 50;

export const SPECIAL_OFFERS_TABLE = defineTableSpec({
  search: 'id or name',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    name: { filter: 'text', sortable: true },
    place: { filter: 'select', options: SPECIAL_OFFER_PLACES, sortable: true },
    position: { filter: 'select', options: SPECIAL_OFFER_POSITIONS, sortable: true },
    'network.name': { filter: 'select', valueType: 'int', sortable: true },
    servicesCount: { filter: 'numberRange', sortable: true },
    status: { filter: 'multiSelect', options: SPECIAL_OFFER_STATUSES, sortable: true },
    createdAt: { filter: 'dateRange', sortable: true },
  },
});

/* ---------- banners ---------- */

/** The 19 banner places. */
export const BANNER_PLACES = [
  'autopromotion',
  'dashboard',
  'drip_feed',
  'free_trials',
  'grades',
  'orders',
  'order_widget',
  'profile',
  'referral_program',
  'services_pricing_main',
  'services_pricing_long',
  'services_pricing_first_short',
  'services_pricing_second_short',
  'services_pricing_footer',
  'services_type_main',
  'services_type_first_short',
  'services_type_second_short',
  'sidebar',
  'create_order',
] as const;
export type BannerPlace = (typeof BANNER_PLACES)[number];

const words = (place: string) => place.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
export const BANNER_PLACE_LABELS = Object.fromEntries(BANNER_PLACES.map((p) => [p, words(p)])) as Record<BannerPlace, string>;

/** none: the place shows nothing (the banner is disabled); slider: the slides in turn; html: the content text. */
export const BANNER_TYPES = ['none', 'slider', 'html'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];
export const BANNER_TYPE_LABELS: Record<BannerType, string> = { none: 'None (disabled)', slider: 'Slides', html: 'HTML content' };
export const BANNER_STATUSES = ['active', 'disabled'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];

/** Scroll delay 1 to 15 seconds; 3 when nothing is sent, 0 when nothing is stored. */
export const SCROLL_DELAY_MIN = 1;
export const SCROLL_DELAY_MAX = 15;
export const SCROLL_DELAY_DEFAULT_SENT = 3;
export const SCROLL_DELAY_DEFAULT_READ = 0;
/** Any number the member typed, clamped to 1–15; nothing (or not a number) is 3. */
export function clampScrollDelay(value: number | string | null | undefined): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n)) return SCROLL_DELAY_DEFAULT_SENT;
  return Math.min(SCROLL_DELAY_MAX, Math.max(SCROLL_DELAY_MIN, Math.round(n)));
}

/** The banner image sizes, by the width class of the place. */
export type BannerSize = 'long' | 'short' | 'sidebar';
export interface PixelSize {
  width: number;
  height: number;
}
export const BANNER_IMAGE_SIZES: Record<BannerSize, { backgroundImage: PixelSize; image: PixelSize }> = {
  long: { backgroundImage: { width: 2063, height: 170 }, image: { width: 260, height: 170 } },
  short: { backgroundImage: { width: 590, height: 170 }, image: { width: 216, height: 170 } },
  sidebar: { backgroundImage: { width: 200, height: 200 }, image: { width: 200, height: 75 } },
};
export const bannerSizeOf = (place: string): BannerSize => (place === 'sidebar' ? 'sidebar' : place.includes('_short') ? 'short' : 'long');
/** Formats png, jpeg, svg. */
export const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const BANNER_IMAGE_MAX_BYTES = 1024 * 1024;
export const BANNER_IMAGE_FIELDS = ['backgroundImage', 'image'] as const;
export const BANNER_TEXT_FIELDS = ['title', 'titleColor', 'subTitle', 'subTitleColor', 'buttonText', 'buttonTextColor', 'buttonBgColor', 'buttonLink'] as const;
export type BannerTextField = (typeof BANNER_TEXT_FIELDS)[number];
export const BANNER_COLOR_FIELDS = ['titleColor', 'subTitleColor', 'buttonTextColor', 'buttonBgColor'] as const;
export const BANNER_MAX_SLIDES = 10;

export const BANNERS_TABLE = defineTableSpec({
  search: 'place',
  columns: {
    id: { filter: 'select', valueType: 'int', sortable: true },
    place: { filter: 'select', options: BANNER_PLACES, sortable: true },
    type: { filter: 'select', options: BANNER_TYPES, sortable: true },
    status: { filter: 'select', options: BANNER_STATUSES, sortable: true },
    informationsCount: { filter: 'numberRange', sortable: true },
    scrollDelay: { filter: 'numberRange', sortable: true },
    preview: {},
    updatedAt: { filter: 'dateRange', sortable: true },
  },
});
