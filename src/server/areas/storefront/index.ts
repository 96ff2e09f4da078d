import { defineServerArea } from '../../kit/area';
import { storefrontHandlers } from './handlers';
import { seedDemoStorefront, seedStorefrontBase } from './seed';

/**
 * Storefront content: packages, special offers, banners and auto-promotions. The base step gives
 * every banner place its row; the demo step fills contents, offers, slides and promotions after
 * the catalogue and combo orders exist.
 */
export default defineServerArea({
  name: 'storefront',
  handlers: storefrontHandlers,
  seed: [
    { name: 'storefront-banner-places', kind: 'base', run: seedStorefrontBase },
    { name: 'storefront', kind: 'demo', run: seedDemoStorefront },
  ],
});
