import { sql } from 'drizzle-orm';
import { TARGET_TYPE_KIND_LABELS, TARGET_TYPE_KINDS, TARGET_VIEW_TYPE_LABELS, TARGET_VIEW_TYPES } from '../../../contract/catalogue';
import { rows } from '../../db/client';
import { defineHandlers } from '../../http/handlers';
import { findById } from '../../kit/records';
import { serviceImpact } from './impact';
import { removeLabel, storeLabel, storeTarget, storeTargetType, updateLabel, updateTarget, updateTargetType } from './labelsTargets';
import { labelRecord, networkRecord, serviceTypeRecord } from './records';
import { bulkUpdate, copyService, loadServiceDetail, providerServiceOptions, serviceCollections, setArchived, storeService, updateService } from './services';
import {
  loadNetworkDetail,
  loadServiceTypeDetail,
  serviceTypeCollections,
  sortRows,
  storeNetwork,
  storeServiceType,
  updateNetwork,
  updateServiceType,
} from './structure';
import {
  findTargetRow,
  findTargetTypeRow,
  labelsTable,
  mapServiceTypeRow,
  networksTable,
  SERVICE_TYPE_SELECT,
  serviceTypesTable,
  servicesTable,
  targetsTable,
  targetTypesTable,
} from './table';
import { readTranslateConfig, translateLocales, translateTexts } from './translator';
import { notFound } from '../../http/errors';
import { tableRequestSchema } from '../../../contract/table';
import type { Queryable } from '../../db/client';

/** Every target (up to the table's cap of all rows), by name. */
const TARGETS_BY_NAME = tableRequestSchema.parse({ options: { page: 1, itemsPerPage: 0, sortBy: ['name'], sortDesc: [false] } });

/** The target types there are, and the kinds and view types a target type takes. */
const targetDictionaries = async (q: Queryable) => ({
  targetTypes: await rows<{ id: number; title: string; name: string; viewType: string; selectable: boolean }>(
    q,
    sql`SELECT id, title, name, view_type AS "viewType", selectable FROM target_types ORDER BY title, id`,
  ),
  kinds: TARGET_TYPE_KINDS.map((value) => ({ value, label: TARGET_TYPE_KIND_LABELS[value] })),
  viewTypes: TARGET_VIEW_TYPES.map((value) => ({ value, label: TARGET_VIEW_TYPE_LABELS[value] })),
});

/** The catalogue: services, networks, service types, labels, targets, translation (docs/catalogue.md). */
export const catalogueHandlers = defineHandlers({
  /* services */
  servicesTable: async ({ query, staff, deps }) => servicesTable.query(deps.database.db, query, staff),
  servicesCollections: async ({ deps }) => serviceCollections(deps.database.db),
  servicesProviderServices: async ({ query, deps }) => providerServiceOptions(deps.database.db, query.search),
  servicesBulk: async ({ body, actor, deps }) => deps.database.db.transaction((tx) => bulkUpdate(tx, actor, body)),
  servicesStore: async ({ body, staff, actor, deps }) => {
    const service = await deps.database.db.transaction((tx) => storeService(tx, actor, body, staff));
    return { message: `Service ${service.id} (${service.name}) created.`, service };
  },
  servicesShow: async ({ params, staff, deps }) => loadServiceDetail(deps.database.db, params.serviceId, staff),
  servicesUpdate: async ({ params, body, staff, actor, deps }) => {
    const service = await deps.database.db.transaction((tx) => updateService(tx, actor, params.serviceId, body, staff));
    return { message: `Service ${service.id} (${service.name}) saved.`, service };
  },
  servicesArchive: async ({ params, staff, actor, deps }) => {
    const service = await deps.database.db.transaction(async (tx) => {
      await setArchived(tx, actor, params.serviceId, true);
      return loadServiceDetail(tx, params.serviceId, staff);
    });
    return { message: `Service ${service.id} (${service.name}) archived.`, service };
  },
  servicesUnarchive: async ({ params, staff, actor, deps }) => {
    const service = await deps.database.db.transaction(async (tx) => {
      await setArchived(tx, actor, params.serviceId, false);
      return loadServiceDetail(tx, params.serviceId, staff);
    });
    return { message: `Service ${service.id} (${service.name}) is back from the archive, disabled.`, service };
  },
  servicesCopy: async ({ params, staff, actor, deps }) => {
    const service = await deps.database.db.transaction((tx) => copyService(tx, actor, params.serviceId, staff));
    return { message: `Service ${params.serviceId} copied as service ${service.id} (${service.name}), disabled.`, service };
  },
  servicesImpact: async ({ params, query, deps }) => serviceImpact(deps.database.db, params.serviceId, query.change),

  /* networks */
  networksTable: async ({ query, staff, deps }) => networksTable.query(deps.database.db, query, staff),
  networksStore: async ({ body, staff, actor, deps }) => {
    const network = await deps.database.db.transaction((tx) => storeNetwork(tx, actor, body, staff));
    return { message: `Network ${network.name} created.`, network };
  },
  networksSort: async ({ body, actor, deps }) => {
    await deps.database.db.transaction((tx) =>
      sortRows(tx, actor, {
        table: 'networks',
        scope: sql`true`,
        ids: body.networks,
        field: 'networks',
        noun: 'networks',
        auditType: 'network',
        auditId: null,
      }),
    );
    return { message: 'Networks reordered.' };
  },
  networksShow: async ({ params, staff, deps }) => loadNetworkDetail(deps.database.db, params.networkId, staff),
  networksUpdate: async ({ params, body, staff, actor, deps }) => {
    const network = await deps.database.db.transaction((tx) => updateNetwork(tx, actor, params.networkId, body, staff));
    return { message: `Network ${network.name} saved.`, network };
  },
  networkServiceTypes: async ({ params, staff, deps }) => {
    const q = deps.database.db;
    await findById(q, networkRecord, params.networkId);
    const found = await rows<any>(
      q,
      sql`SELECT ${SERVICE_TYPE_SELECT} FROM service_types st JOIN networks n ON n.id = st.network_id WHERE st.network_id = ${params.networkId} ORDER BY st.sorting, st.id`,
    );
    return found.map((r) => mapServiceTypeRow(r, staff));
  },
  networkServiceTypesSort: async ({ params, body, actor, deps }) => {
    await deps.database.db.transaction(async (tx) => {
      const network = await findById(tx, networkRecord, params.networkId);
      await sortRows(tx, actor, {
        table: 'service_types',
        scope: sql`network_id = ${network.id}`,
        ids: body.service_types,
        field: 'service_types',
        noun: `service types of ${network.name}`,
        auditType: 'network',
        auditId: network.id,
      });
    });
    return { message: 'Service types reordered.' };
  },

  /* service types */
  serviceTypesTable: async ({ query, staff, deps }) => serviceTypesTable.query(deps.database.db, query, staff),
  serviceTypesCollections: async ({ deps }) => serviceTypeCollections(deps.database.db),
  serviceTypesStore: async ({ body, staff, actor, deps }) => {
    const serviceType = await deps.database.db.transaction((tx) => storeServiceType(tx, actor, body, staff));
    return { message: `Service type ${serviceType.name} created.`, serviceType };
  },
  serviceTypesShow: async ({ params, staff, deps }) => loadServiceTypeDetail(deps.database.db, params.serviceTypeId, staff),
  serviceTypesUpdate: async ({ params, body, staff, actor, deps }) => {
    const serviceType = await deps.database.db.transaction((tx) => updateServiceType(tx, actor, params.serviceTypeId, body, staff));
    return { message: `Service type ${serviceType.name} saved.`, serviceType };
  },
  serviceTypeServices: async ({ params, deps }) => {
    const q = deps.database.db;
    await findById(q, serviceTypeRecord, params.serviceTypeId);
    return rows(
      q,
      sql`SELECT id, name, sorting, is_enabled AS "isEnabled", is_archived AS "isArchived" FROM services WHERE service_type_id = ${params.serviceTypeId} ORDER BY sorting, id`,
    );
  },
  serviceTypesSortServices: async ({ params, body, actor, deps }) => {
    await deps.database.db.transaction(async (tx) => {
      const type = await findById(tx, serviceTypeRecord, params.serviceTypeId);
      await sortRows(tx, actor, {
        table: 'services',
        scope: sql`service_type_id = ${type.id}`,
        ids: body.services,
        field: 'services',
        noun: `services of ${type.name}`,
        auditType: 'service_type',
        auditId: type.id,
      });
    });
    return { message: 'Services reordered.' };
  },

  /* labels */
  labelsTable: async ({ body, staff, deps }) => labelsTable.query(deps.database.db, body, staff),
  labelsAvailable: async ({ deps }) => rows(deps.database.db, sql`SELECT id, name, icon FROM labels ORDER BY name, id`),
  labelsUsedServices: async ({ params, deps }) => {
    const q = deps.database.db;
    await findById(q, labelRecord, params.labelId);
    return rows(
      q,
      sql`SELECT s.id, s.name, s.is_enabled AS "isEnabled", s.is_archived AS "isArchived" FROM service_labels sl JOIN services s ON s.id = sl.service_id
           WHERE sl.label_id = ${params.labelId} ORDER BY s.name, s.id LIMIT 1000`,
    );
  },
  labelsStore: async ({ body, staff, actor, deps }) => {
    const label = await deps.database.db.transaction((tx) => storeLabel(tx, actor, body, staff));
    return { message: `Label ${label.name} created.`, label };
  },
  labelsUpdate: async ({ params, body, staff, actor, deps }) => {
    const label = await deps.database.db.transaction((tx) => updateLabel(tx, actor, params.labelId, body, staff));
    return { message: `Label ${label.name} saved.`, label };
  },
  labelsDelete: async ({ params, actor, deps }) => ({ message: await deps.database.db.transaction((tx) => removeLabel(tx, actor, params.labelId)) }),

  /* targets and target types */
  targetsIndex: async ({ query, staff, deps }) => targetsTable.query(deps.database.db, query, staff),
  targetsList: async ({ staff, deps }) => (await targetsTable.query(deps.database.db, TARGETS_BY_NAME, staff)).items,
  targetsTable: async ({ body, staff, deps }) => targetsTable.query(deps.database.db, body, staff),
  targetsDictionaries: async ({ deps }) => targetDictionaries(deps.database.db),
  targetsStore: async ({ body, staff, actor, deps }) => {
    const target = await deps.database.db.transaction((tx) => storeTarget(tx, actor, body, staff));
    return { message: `Target ${target.name} created.`, target };
  },
  targetsShow: async ({ params, staff, deps }) => {
    const target = await findTargetRow(deps.database.db, params.targetId, staff);
    if (!target) throw notFound(`Target ${params.targetId}`);
    return target;
  },
  targetsUpdate: async ({ params, body, staff, actor, deps }) => {
    const target = await deps.database.db.transaction((tx) => updateTarget(tx, actor, params.targetId, body, staff));
    return { message: `Target ${target.name} saved.`, target };
  },
  targetTypesList: async ({ query, staff, deps }) => targetTypesTable.query(deps.database.db, query, staff),
  targetTypesDictionaries: async ({ deps }) => targetDictionaries(deps.database.db),
  targetTypesTable: async ({ body, staff, deps }) => targetTypesTable.query(deps.database.db, body, staff),
  targetTypesViewTypes: async () => TARGET_VIEW_TYPES.map((value) => ({ value, label: TARGET_VIEW_TYPE_LABELS[value] })),
  targetTypesStore: async ({ body, staff, actor, deps }) => {
    const targetType = await deps.database.db.transaction((tx) => storeTargetType(tx, actor, body, staff));
    return { message: `Target type ${targetType.title} created.`, targetType };
  },
  targetTypesShow: async ({ params, staff, deps }) => {
    const targetType = await findTargetTypeRow(deps.database.db, params.targetTypeId, staff);
    if (!targetType) throw notFound(`Target type ${params.targetTypeId}`);
    return targetType;
  },
  targetTypesUpdate: async ({ params, body, staff, actor, deps }) => {
    const targetType = await deps.database.db.transaction((tx) => updateTargetType(tx, actor, params.targetTypeId, body, staff));
    return { message: `Target type ${targetType.title} saved.`, targetType };
  },
  targetAttachmentTypes: async ({ deps }) =>
    rows(deps.database.db, sql`SELECT id, name, type, is_system AS "isSystem", selectables FROM target_attachments ORDER BY id`),
  promotableCheckerGroups: async ({ deps }) =>
    rows(deps.database.db, sql`SELECT id, name, service_type_type AS "serviceTypeType", checkers FROM promotable_checker_groups ORDER BY name, id`),

  /* translation */
  translateStatus: async () => {
    const config = readTranslateConfig();
    return { available: config !== undefined, locales: translateLocales(config) };
  },
  translate: async ({ body }) => ({ translations: await translateTexts(readTranslateConfig(), body.from_language, body.to_language, body.fields) }),
});
