import type { Endpoints } from '../../../contract/endpoints';
import { defineHandlers, type HandlerArgs } from '../../http/handlers';
import { followExternalPanelOrderAgain } from './follow';
import { recreateExternalPanelOrder } from './recreate';
import { externalPanelOrdersTable, findExternalPanelOrderRow } from './table';

/** External-panel orders: the list (GET with `q`, or POST /table), recreate and follow again. */

export const externalPanelOrdersHandlers = defineHandlers({
  externalPanelOrdersList: async ({ query, staff, deps }: HandlerArgs<Endpoints['externalPanelOrdersList']>) =>
    externalPanelOrdersTable.query(deps.database.db, query, staff),

  externalPanelOrdersTable: async ({ body, staff, deps }) => externalPanelOrdersTable.query(deps.database.db, body, staff),

  externalPanelOrdersRecreate: async ({ params: { id }, body, staff, actor, deps }) => {
    return deps.database.db.transaction(async (tx) => {
      const createdId = await recreateExternalPanelOrder(tx, actor, id, body);
      const row = await findExternalPanelOrderRow(tx, createdId, staff);
      return { message: `External-panel order ${id} recreated as ${createdId}.`, externalPanelOrder: row! };
    });
  },

  externalPanelOrdersFollow: async ({ params: { id }, staff, actor, deps }) => {
    return deps.database.db.transaction(async (tx) => {
      await followExternalPanelOrderAgain(tx, actor, id);
      const row = await findExternalPanelOrderRow(tx, id, staff);
      return { message: `External-panel order ${id} is followed again.`, externalPanelOrder: row! };
    });
  },
});
