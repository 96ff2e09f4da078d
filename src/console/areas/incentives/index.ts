import { defineArea } from '../../resource/area';
import { couponsResource, discountsResource, gradesResource } from './resource';

/** Pricing incentives: coupons (with statistics), discounts, grades (the loyalty program) and the price preview. */
export default defineArea({
  name: 'incentives',
  rank: 60,
  resources: [couponsResource, discountsResource, gradesResource],
  screens: {
    '/coupons': () => import('./CouponsScreen').then((m) => m.CouponsScreen),
    '/coupons/:id': () => import('./CouponScreen').then((m) => m.CouponScreen),
    '/discounts/:id': () => import('./DiscountScreen').then((m) => m.DiscountScreen),
    '/loyalty-program/:id': () => import('./GradeScreen').then((m) => m.GradeScreen),
    '/price-preview': () => import('./PricePreviewScreen').then((m) => m.PricePreviewScreen),
  },
});
