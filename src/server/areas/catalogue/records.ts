import { networks, serviceTypes, services } from '../../db/schema/catalogue';
import { labels, targets, targetTypes } from './schema';
import { defineRecord } from '../../kit/records';

/** The catalogue's record kinds (src/server/kit/records.ts): one noun, audit type and unique rule each. */
export const serviceRecord = defineRecord({
  table: services,
  thing: 'Service',
  type: 'service',
  unique: { services_slug_unique: { field: 'slug', message: 'Another service already has this slug.' } },
});
export const networkRecord = defineRecord({ table: networks, thing: 'Network', type: 'network' });
export const serviceTypeRecord = defineRecord({
  table: serviceTypes,
  thing: 'Service type',
  type: 'service_type',
  unique: { service_types_slug_unique: { field: 'slug', message: 'Another service type already has this slug.' } },
});
export const labelRecord = defineRecord({ table: labels, thing: 'Label', type: 'service_label' });
export const targetRecord = defineRecord({ table: targets, thing: 'Target', type: 'target' });
export const targetTypeRecord = defineRecord({ table: targetTypes, thing: 'Target type', type: 'target_type' });
