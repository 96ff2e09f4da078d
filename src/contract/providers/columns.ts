/** Provider values the console's entry reads (no zod here; see ../columns.ts). */

/** socpanel is displayed as "panvy" (catalogue.md §1). */
export const PROVIDER_TYPES = ['socpanel', 'perfect_panel', 'social_value'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export const PROVIDER_TYPE_LABELS: Record<ProviderType, string> = {
  socpanel: 'panvy',
  perfect_panel: 'Perfect Panel',
  social_value: 'Social Value',
};

export const PROVIDER_STATUSES = ['active', 'disabled'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];
