import { defineArea, groups } from '../../resource/area';
import { couponsResource, discountsResource, gradesResource } from './resource';

/** Pricing incentives: coupons (with statistics), discounts, grades (the loyalty program) and the price preview. */
export default defineArea({
  name: 'incentives',
  rank: 60,
  resources: [couponsResource, discountsResource, gradesResource],
  screens: {
    '/coupons': {
      source: 'both',
      nav: { label: 'Coupons', section: 'marketing', order: 10 },
      go: 'mc',
      component: () => import('./CouponsScreen').then((m) => m.CouponsScreen),
    },
    '/coupons/:id': { access: groups('Coupons'), source: 'console', component: () => import('./CouponScreen').then((m) => m.CouponScreen) },
    '/discounts': { source: 'both', nav: { label: 'Discounts', section: 'marketing', order: 20 }, go: 'md' },
    '/discounts/:id': { access: groups('Discounts'), source: 'console', component: () => import('./DiscountScreen').then((m) => m.DiscountScreen) },
    '/loyalty-program': { source: 'both', nav: { label: 'Loyalty program', section: 'marketing', order: 40 }, go: 'ml' },
    '/loyalty-program/:id': {
      access: groups('ManageGrades', 'ViewGrades'),
      source: 'console',
      component: () => import('./GradeScreen').then((m) => m.GradeScreen),
    },
    '/price-preview': {
      access: groups('Services', 'Coupons', 'Discounts', 'ManageGrades', 'ViewGrades'),
      source: 'console',
      nav: { label: 'Price preview', section: 'marketing', order: 50 },
      go: 'mv',
      component: () => import('./PricePreviewScreen').then((m) => m.PricePreviewScreen),
    },
  },
});
