import { describe, expect, it } from 'vitest';
import { bannerBodySchema, clampScrollDelay, packageBodySchema, packagesBulkBodySchema } from '../../../src/contract/storefront';
import { percentText } from '../../../src/console/ui/format';
import { bannersResource, packagesResource } from '../../../src/console/areas/storefront/resource';
import { buildVocabulary } from '../../../src/console/palette/vocabulary';

/**
 * Storefront rules the console relies on: the scroll delay sent (clamped 1–15, 3 when empty),
 * discounts shown ×100 from their 3-decimal fractions, the banner list reachable by any signed-in
 * member (its resource's permission is 'authenticated'), and the package form's body checks.
 */

describe('storefront console rules', () => {
  it('clamps the scroll delay to 1–15 and sends 3 when it is left empty', () => {
    expect([clampScrollDelay(''), clampScrollDelay(null), clampScrollDelay(0), clampScrollDelay(99), clampScrollDelay('7'), clampScrollDelay(4.6)]).toEqual([
      3, 3, 1, 15, 7, 5,
    ]);
    expect(bannerBodySchema.parse({ type: 'slider' }).scrollDelay).toBe(3);
  });

  it('shows 3-decimal fractions as percents without float noise', () => {
    expect([percentText('0.125'), percentText('0.000'), percentText('1.000'), percentText('0.070'), percentText('0.333')]).toEqual([
      '12.5 %',
      '0 %',
      '100 %',
      '7 %',
      '33.3 %',
    ]);
  });

  it('offers the banner list to a member without any permission, and packages only with managePackages', () => {
    const none = buildVocabulary([bannersResource, packagesResource], () => false);
    expect([...none.byName.keys()]).toEqual(['banners']);
    const packager = buildVocabulary([bannersResource, packagesResource], (p) => p === 'managePackages');
    expect([...packager.byName.keys()].sort()).toEqual(['banners', 'packages']);
  });

  it('checks a package body as the server does: contents, a 3-decimal discount, the default type', () => {
    const ok = packageBodySchema.parse({ name: 'P', network_id: 1, contents: [{ service_id: 2, quantity: 100 }], discount_percent: '0.125' });
    expect([ok.type, ok.discount_percent, ok.fixed_cost, ok.contents[0].is_displayable]).toEqual(['auto', '0.125', null, true]);
    const bad = packageBodySchema.safeParse({ name: 'P', network_id: 1, contents: [], discount_percent: '0.1255' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['contents', 'discount_percent']);
    expect(packagesBulkBodySchema.safeParse({ package_ids: [1] }).success).toBe(false);
    expect(packagesBulkBodySchema.parse({ package_ids: [1], discount_percent: 0.2 }).discount_percent).toBe('0.200');
  });
});
