import { sql } from 'drizzle-orm';
import type { EndpointName } from '../../../contract/endpoints';
import { providers, providerServices } from '../../db/schema/providers';
import { defineRecord } from '../../kit/records';
import { endpointPermission } from '../../kit/endpointPermission';
import { defineTransition } from '../../kit/transition';
import { presetPanels, providerPayments } from './schema';

/** The providers area's records (src/server/kit): the API token is a secret, never in an audit entry. */
export const providerRecord = defineRecord({ table: providers, thing: 'External panel', type: 'external_panel', secret: ['apiToken'] });
export const providerServiceRecord = defineRecord({
  table: providerServices,
  thing: 'Provider service',
  type: 'provider',
  unique: {
    provider_services_panel_service_unique: {
      field: 'external_panel_service.external_panel_service_id',
      message: 'This provider already has a provider service for that service id.',
    },
  },
});
export const billingRecordKind = defineRecord({ table: providerPayments, thing: 'Billing record', type: 'external_panel_payment' });
export const presetRecord = defineRecord({ table: presetPanels, thing: 'Preset panel', type: 'preset_panel' });

// Archive and restore are flag transitions: the archived flag is the "status" they move; each needs its endpoint's permission.
const archiveFlag = <T extends typeof providerRecord | typeof providerServiceRecord>(record: T, archived: boolean, endpoint: EndpointName) =>
  defineTransition({
    record: record as typeof providerRecord,
    action: archived ? 'archive' : 'unarchive',
    event: archived ? 'archived' : 'unarchived',
    statusColumn: 'isArchived',
    from: [!archived as never],
    set: sql`is_archived = ${archived}`,
    permission: endpointPermission(endpoint),
    returning: ['name'],
    conflict: (id) => `${record.thing} ${id} is ${archived ? 'already archived' : 'not archived'}.`,
    information: (change) => `${record.thing} ${change.id} (${String(change.row.name)}) ${archived ? 'archived' : 'restored from the archive'}.`,
  });

export const archiveProvider = archiveFlag(providerRecord, true, 'externalPanelsArchive');
export const unarchiveProvider = archiveFlag(providerRecord, false, 'externalPanelsUnarchive');
export const archiveProviderService = archiveFlag(providerServiceRecord, true, 'providerServicesArchive');
export const unarchiveProviderService = archiveFlag(providerServiceRecord, false, 'providerServicesUnarchive');
