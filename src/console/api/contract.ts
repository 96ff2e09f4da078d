import type { z } from 'zod';
import type { Endpoint } from '../../contract/endpoint';
import type { EndpointName, Endpoints } from '../../contract/endpoints';

/**
 * The endpoint table with its schemas loads beside the start-up code rather than in it — the
 * console's entry chunk carries no schema library. Loading starts when the app starts
 * (`loadContract()` in createConsole), so by the first call it is normally there already.
 */
let contract: Promise<Endpoints> | undefined;
let loaded: Endpoints | undefined;

export const loadContract = (): Promise<Endpoints> =>
  (contract ??= import('../../contract/endpoints').then((m) => (loaded = m.endpoints)));

/** An endpoint's entry of the contract (its method, path, permission, schemas). */
export async function endpointOf(name: EndpointName): Promise<Endpoint<any, any, z.ZodType>> {
  return ((loaded ?? (await loadContract()))[name]) as Endpoint<any, any, z.ZodType>;
}

/** The same, without waiting, once the table is loaded (undefined before). */
export const loadedEndpointOf = (name: EndpointName): Endpoint<any, any, z.ZodType> | undefined =>
  loaded?.[name] as Endpoint<any, any, z.ZodType> | undefined;
