import { endpoints, type EndpointName } from '../../contract/endpoints';
import type { Permission } from '../../contract/permissions';

/**
 * The one permission an endpoint needs, for a transition or a row flag that serves it: the
 * endpoint table says who may call it, and nothing else says it again. Throws at start-up for an
 * endpoint that admits several permissions or none (such a transition names its own).
 */
export function endpointPermission(name: EndpointName): Permission {
  const permission = endpoints[name].permission;
  if (typeof permission !== 'string' || permission === 'public' || permission === 'authenticated') {
    throw new Error(`Endpoint ${name} does not need exactly one permission (${JSON.stringify(permission)})`);
  }
  return permission;
}
