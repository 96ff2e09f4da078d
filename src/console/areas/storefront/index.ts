import { defineArea } from '../../resource/area';
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
    '/packages/:id': () => import('./PackageEditor').then((m) => m.PackageScreen),
    '/special-offers/:id': () => import('./SpecialOfferEditor').then((m) => m.SpecialOfferScreen),
    '/banners/:id': () => import('./BannerScreen').then((m) => m.BannerScreen),
    '/auto-promotions': () => import('./AutoPromotionsScreen').then((m) => m.AutoPromotionsScreen),
  },
});
