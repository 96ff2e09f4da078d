import type { Endpoints } from '../../../contract/endpoints';
import { withColumnFilter } from '../../table';
import { defineHandlers, type Handler } from '../../http/handlers';
import { addPromotions, listNetworks, listPromotions, loadPromotion, removePromotion, serviceTypesOf, sortNetworks, toggleNetwork } from './autoPromotions';
import { bannersTable, clearBanner, loadBanner, readBannerBody, updateBanner } from './banners';
import {
  availableServices,
  packageCollections,
  bulkPackages,
  loadPackage,
  packagesTable,
  setPackageArchived,
  storePackage,
  totalCost,
  updatePackage,
} from './packages';
import {
  changeSpecialOffer,
  deleteSpecialOffer,
  loadSpecialOffer,
  offerNetworks,
  offerServices,
  offerServiceTypes,
  specialOfferCollection,
  specialOffersTable,
  storeSpecialOffer,
  updateSpecialOffer,
  type OfferAction,
} from './specialOffers';

/** Storefront: packages, special offers, banners and auto-promotions (docs/storefront.md). */

const offerAction =
  (action: OfferAction): Handler<Endpoints['specialOffersEnable']> =>
  async ({ params: { specialOfferId: id }, staff, actor, deps }) => {
    const message = await deps.database.db.transaction((tx) => changeSpecialOffer(tx, actor, id, action));
    return { message, specialOffer: await loadSpecialOffer(deps.database.db, id, staff) };
  };

export const storefrontHandlers = defineHandlers({
  packagesTable: async ({ query, staff, deps }) => {
    const archived = query.flags.is_archived;
    return packagesTable.query(deps.database.db, archived === undefined ? query : withColumnFilter(query, 'isArchived', archived), staff);
  },
  packagesCollections: async ({ deps }) => packageCollections(deps.database.db),
  packagesShow: async ({ params, staff, deps }) => loadPackage(deps.database.db, params.packageId, staff),
  packagesStore: async ({ body, staff, actor, deps }) => {
    const id = await deps.database.db.transaction((tx) => storePackage(tx, actor, body));
    return { message: `Package ${body.name} created.`, package: await loadPackage(deps.database.db, id, staff) };
  },
  packagesUpdate: async ({ params: { packageId: id }, body, staff, actor, deps }) => {
    await deps.database.db.transaction((tx) => updatePackage(tx, actor, id, body));
    return { message: `Package ${body.name} saved.`, package: await loadPackage(deps.database.db, id, staff) };
  },
  packagesArchive: async ({ params: { packageId: id }, staff, actor, deps }) => {
    await deps.database.db.transaction((tx) => setPackageArchived(tx, actor, id, true));
    return { message: `Package ${id} archived.`, package: await loadPackage(deps.database.db, id, staff) };
  },
  packagesUnarchive: async ({ params: { packageId: id }, staff, actor, deps }) => {
    await deps.database.db.transaction((tx) => setPackageArchived(tx, actor, id, false));
    return { message: `Package ${id} restored; it stays disabled until you enable it.`, package: await loadPackage(deps.database.db, id, staff) };
  },
  packagesBulk: async ({ body, actor, deps }) => deps.database.db.transaction((tx) => bulkPackages(tx, actor, body)),
  packagesTotalCost: async ({ body, deps }) => totalCost(deps.database.db, body),
  packagesAvailableServices: async ({ body, deps }) => availableServices(deps.database.db, body),

  specialOffersTable: async ({ query, staff, deps }) => specialOffersTable.query(deps.database.db, query, staff),
  specialOffersCollection: async () => specialOfferCollection(),
  specialOffersNetworks: async ({ deps }) => offerNetworks(deps.database.db),
  specialOffersServiceTypes: async ({ query, deps }) => offerServiceTypes(deps.database.db, query.network_id),
  specialOffersServices: async ({ query, deps }) => offerServices(deps.database.db, query),
  specialOffersShow: async ({ params, staff, deps }) => loadSpecialOffer(deps.database.db, params.specialOfferId, staff),
  specialOffersStore: async ({ body, staff, actor, deps }) => {
    const id = await deps.database.db.transaction((tx) => storeSpecialOffer(tx, actor, body));
    return { message: `Special offer ${id} created.`, specialOffer: await loadSpecialOffer(deps.database.db, id, staff) };
  },
  specialOffersUpdate: async ({ params: { specialOfferId: id }, body, staff, actor, deps }) => {
    await deps.database.db.transaction((tx) => updateSpecialOffer(tx, actor, id, body));
    return { message: `Special offer ${id} saved.`, specialOffer: await loadSpecialOffer(deps.database.db, id, staff) };
  },
  specialOffersDelete: async ({ params: { specialOfferId: id }, actor, deps }) => {
    await deps.database.db.transaction((tx) => deleteSpecialOffer(tx, actor, id));
    return { message: `Special offer ${id} deleted.` };
  },
  specialOffersEnable: offerAction('enable'),
  specialOffersDisable: offerAction('disable'),
  specialOffersArchive: offerAction('archive'),
  specialOffersUnarchive: offerAction('unarchive'),

  bannersTable: async ({ query, staff, deps }) => bannersTable.query(deps.database.db, query, staff),
  bannersShow: async ({ params, staff, deps }) => loadBanner(deps.database.db, params.bannerId, staff),
  bannersUpdate: async ({ params: { bannerId: id }, staff, actor, deps, c }) => {
    // A banner that is not there is a 404 before its form is read.
    await loadBanner(deps.database.db, id, staff);
    const raw = await readBannerBody(c);
    await updateBanner(deps.database.db, actor, id, raw);
    const banner = await loadBanner(deps.database.db, id, staff);
    return { message: `Banner saved.`, banner };
  },
  bannersDelete: async ({ params: { bannerId: id }, staff, actor, deps }) => {
    const message = await deps.database.db.transaction((tx) => clearBanner(tx, actor, id));
    return { message, banner: await loadBanner(deps.database.db, id, staff) };
  },

  autoPromotionsNetworks: async ({ deps }) => listNetworks(deps.database.db),
  autoPromotionsList: async ({ query, deps }) => listPromotions(deps.database.db, query.network_id),
  autoPromotionsShow: async ({ params, deps }) => loadPromotion(deps.database.db, params.autoPromotionId),
  autoPromotionsServiceTypes: async ({ query, deps }) => serviceTypesOf(deps.database.db, query.network_id),
  autoPromotionsAdd: async ({ body, actor, deps }) => {
    const added = await deps.database.db.transaction((tx) => addPromotions(tx, actor, body));
    return { message: `${added.length} service${added.length === 1 ? '' : 's'} added to auto-promotion.`, added };
  },
  autoPromotionsDelete: async ({ params: { autoPromotionId: id }, actor, deps }) => ({
    message: await deps.database.db.transaction((tx) => removePromotion(tx, actor, id)),
  }),
  autoPromotionsNetworkToggle: async ({ body, actor, deps }) => {
    const network = await deps.database.db.transaction((tx) => toggleNetwork(tx, actor, body.network_id));
    return { message: `Auto-promotion ${network.isEnabled ? 'switched on' : 'switched off'} for ${network.name}.`, network };
  },
  autoPromotionsSort: async ({ body, actor, deps }) => {
    await deps.database.db.transaction((tx) => sortNetworks(tx, actor, body.networks));
    return { message: 'Networks sorted.' };
  },
});
