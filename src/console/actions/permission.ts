import type { EndpointPermission } from '../../contract/endpoint';
import { endpointRoutes } from '../../contract/endpointRoutes';
import type { EndpointName } from '../../contract/endpoints';
import type { Permission } from '../../contract/permissions';

/**
 * Who may run an action: an action that calls an endpoint needs that endpoint's permission (read
 * from the route table, so the menu, the palette and the server agree); one that calls none (opens
 * a screen, runs a function) needs the permission it declares, if any. The row menu, the bulk bar,
 * the toolbar, the keyboard shortcuts, the palette and the runner all ask `mayRun`.
 */

export type Can = (permission: Permission) => boolean;

interface ActionLike {
  permission?: EndpointPermission;
  endpoint?: EndpointName;
  mutation?: unknown;
}

/** The endpoint an action calls: its endpoint call's, or the one it names beside a function mutation. */
export function actionEndpoint(action: ActionLike): EndpointName | undefined {
  const mutation = action.mutation;
  if (mutation && typeof mutation === 'object' && 'endpoint' in mutation) return mutation.endpoint as EndpointName;
  return action.endpoint;
}

/**
 * The action's own permission when it declares one (it calls no endpoint, or one that admits any
 * of several permissions and the action needs a particular one: users' freeze), else its endpoint's.
 */
export function actionPermission(action: ActionLike): EndpointPermission | undefined {
  if (action.permission) return action.permission;
  const endpoint = actionEndpoint(action);
  return endpoint ? endpointRoutes[endpoint].permission : undefined;
}

/** Whether a member holding `can` meets a requirement (any one of a list suffices). */
export function meets(needed: EndpointPermission | undefined, can: Can): boolean {
  if (needed === undefined || needed === 'public' || needed === 'authenticated') return true;
  return typeof needed === 'string' ? can(needed) : needed.some(can);
}

export const mayRun = (action: ActionLike, can: Can): boolean => meets(actionPermission(action), can);
