import { defineHandlers } from '../../http/handlers';
import { distinctValues, recordHistory, staffOptions } from './history';
import { auditsTable, changeLogsTable, serviceLogsTable } from './table';

/**
 * The audit log, the change logs, the service logs and one record's history. Read-only: no
 * endpoint changes or deletes an entry (the database refuses it too, migration 0008).
 */
export const logsHandlers = defineHandlers({
  auditsTable: async ({ query, staff, deps }) => auditsTable.query(deps.database.db, query, staff),

  auditsCollections: async ({ deps }) => {
    const { db } = deps.database;
    // Sequential on purpose: PGlite has a single connection.
    const events = await distinctValues(db, 'audit_entries', 'event');
    const auditableTypes = await distinctValues(db, 'audit_entries', 'auditable_type');
    return { events, auditableTypes, staff: await staffOptions(db) };
  },

  changeLogsTable: async ({ query, staff, deps }) => changeLogsTable.query(deps.database.db, query, staff),

  changeLogsCollections: async ({ deps }) => {
    const { db } = deps.database;
    const types = await distinctValues(db, 'change_logs', 'model_type');
    const actionTypes = await distinctValues(db, 'change_logs', 'action_type');
    return { types, actionTypes, staff: await staffOptions(db) };
  },

  serviceLogsTable: async ({ query, staff, deps }) => serviceLogsTable.query(deps.database.db, query, staff),

  serviceLogsCollections: async ({ deps }) => {
    const { db } = deps.database;
    const types = await distinctValues(db, 'service_logs', 'type');
    const actionTypes = await distinctValues(db, 'service_logs', 'action_type');
    const modelTypes = await distinctValues(db, 'service_logs', 'model_type');
    return { types, actionTypes, modelTypes };
  },

  recordHistory: async ({ params, query, staff, deps }) => recordHistory(deps.database.db, staff, params.recordType, params.recordId, query.limit),
});
