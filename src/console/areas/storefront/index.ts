import { AUTH, defineArea, groups } from '../../resource/area';
import { bannersResource, packagesResource, specialOffersResource } from './resource';

/**
 * Storefront content: packages (/packages, record /packages/:id), special offers (/special-offers,
 * record /special-offers/:id), banners (/banners, record /banners/:id)
 * and auto-promotions (/auto-promotions).
 */
export default defineArea({
  name: 'storefront',
  rank: 70,
  resources: [packagesResource, specialOffersResource, bannersResource],
  screens: {
    '/special-offers': { source: 'both', nav: { label: 'Special offers', section: 'marketing', order: 30 }, go: 'mo' },
    '/special-offers/:id': {
      access: groups('Discounts'),
      source: 'console',
      component: () => import('./SpecialOfferEditor').then((m) => m.SpecialOfferScreen),
    },
    '/banners': { source: 'both', nav: { label: 'Banners', section: 'marketing', order: 70 }, go: 'mb' },
    '/banners/:id': { access: AUTH, source: 'console', component: () => import('./BannerScreen').then((m) => m.BannerScreen) },
    '/packages': { source: 'console', nav: { label: 'Packages', section: 'marketing', order: 80 }, go: 'mp' },
    '/packages/:id': { access: groups('Packages'), source: 'console', component: () => import('./PackageEditor').then((m) => m.PackageScreen) },
    // Auto-promotions promote services: they take the services-and-providers permission (they have none of their own).
    '/auto-promotions': {
      access: groups('Providers'),
      source: 'console',
      nav: { label: 'Auto-promotions', section: 'marketing', order: 90 },
      go: 'ma',
      component: () => import('./AutoPromotionsScreen').then((m) => m.AutoPromotionsScreen),
    },
  },
});
