import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints';
import type { Endpoint } from '../../../src/contract/endpoint';
import { CONSOLE_AREAS, CONSOLE_RESOURCES } from '../../../src/console/app/areas';
import { areaRoutes } from '../../../src/console/app/areaRoutes';
import { SCREENS } from '../../../src/console/app/screens';
import { actionEndpoint, actionPermission } from '../../../src/console/actions/permission';
import type { AnyResource } from '../../../src/console/resource/resource';

/**
 * Every registered resource agrees with the contract: its table endpoint exists and is bound to
 * the same column table, its columns are that table's, its permission is the endpoint's, and each
 * action that calls an endpoint takes that endpoint's permission from the route table (so the menu,
 * the palette and the server agree on who may run it). Areas added later are checked without an edit here.
 */

const entry = (name: string) => (endpoints as Record<string, Endpoint<any, any, any> | undefined>)[name];

function actionsOf(resource: AnyResource) {
  return [
    ...resource.rowActions.map((a) => ({ scope: 'row', action: a })),
    ...resource.bulkActions.map((a) => ({ scope: 'bulk', action: a })),
    ...resource.collectionActions.map((a) => ({ scope: 'collection', action: a })),
  ];
}

describe.each(CONSOLE_RESOURCES.map((r) => [r.name, r] as const))('resource %s', (_name, resource) => {
  it('reads a table endpoint of the contract bound to the same column table', () => {
    const e = entry(resource.endpoint);
    expect(e, `endpoint ${resource.endpoint}`).toBeDefined();
    expect(e!.table).toBe(resource.table);
  });

  it('shows only columns of the contract table, with its filters, sortability and permissions', () => {
    for (const column of resource.columns) {
      const spec = resource.table.columns[column.key];
      expect(spec, `column ${column.key}`).toBeDefined();
      expect(column.filter?.kind).toBe(spec.filter);
      expect(column.sortable).toBe(spec.sortable === true);
      expect(column.permission).toBe(spec.permission);
    }
  });

  it('promises an undo only where it names an action of the same kind that reverses the move without asking', () => {
    for (const [scope, actions] of [
      ['row', resource.rowActions],
      ['bulk', resource.bulkActions],
    ] as const) {
      for (const action of actions as readonly {
        id: string;
        confirm?: { undoable: boolean | string; undo?: unknown };
        mutation?: unknown;
        dialog?: unknown;
      }[]) {
        if (action.confirm?.undoable !== true) continue;
        const undo = action.confirm.undo;
        expect(undo, `${scope} action ${action.id} says it can be undone`).toBeDefined();
        if (typeof undo !== 'string') continue; // picked from the row: the area's own test runs it
        const inverse = actions.find((a) => a.id === undo);
        expect(inverse, `${scope} action ${action.id} is undone by '${undo}'`).toBeDefined();
        expect(inverse!.mutation, `'${undo}' calls the server`).toBeDefined();
        expect(inverse!.dialog, `'${undo}' runs without a form`).toBeUndefined();
      }
    }
  });

  it("needs its endpoint's permission to be seen", () => {
    expect(resource.permission).toEqual(entry(resource.endpoint)!.permission);
  });

  it("gives each action that calls an endpoint that endpoint's permission, from the route table", () => {
    for (const { scope, action } of actionsOf(resource)) {
      const name = actionEndpoint(action);
      if (!name) continue;
      const e = entry(name);
      expect(e, `${scope} action ${action.id}: endpoint ${name}`).toBeDefined();
      const needed = e!.permission;
      const resolved = actionPermission(action);
      if (typeof needed === 'string') {
        // No hand-written copy of the endpoint's permission: the action names the endpoint only.
        expect(action.permission, `${scope} action ${action.id} declares a permission of its own`).toBeUndefined();
        expect(resolved, `${scope} action ${action.id}`).toBe(needed);
      } else if (action.permission) {
        // An endpoint admitting several permissions: the action may need one of them.
        expect(needed, `${scope} action ${action.id}`).toContain(action.permission);
      } else {
        expect(resolved, `${scope} action ${action.id}`).toEqual(needed);
      }
    }
  });

  it('opens at a path of SCREENS', () => {
    if (resource.path) expect(SCREENS.map((s) => s.path)).toContain(resource.path);
  });
});

describe('areas', () => {
  it('are found by the app and give routes for their screens', () => {
    expect(CONSOLE_AREAS.map((a) => a.name)).toEqual(
      expect.arrayContaining(['home', 'orders', 'users', 'subscriptions', 'combo-orders', 'drip-feeds', 'external-panel-orders']),
    );
    const paths = areaRoutes(CONSOLE_AREAS).map((r) => (r.options as { path?: string }).path);
    expect(paths).toEqual(expect.arrayContaining(['/', 'orders', 'orders/$id', 'users', 'users/$id', 'drip-feed']));
  });
});
