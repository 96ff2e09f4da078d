import type { z } from 'zod';
import type { Endpoint } from '../../contract/endpoint';
import type { EndpointName, Endpoints } from '../../contract/endpoints';

/**
 * The endpoint table with its schemas loads beside the start-up code rather than in it, and is
 * built (its schemas evaluated, a good part of a start-up's script time) only once the first
 * screen has painted: a request needs only its method and path (src/contract/endpointRoutes.ts),
 * and the table checks the answers. Until then a call that needs the table waits.
 */
let contract: Promise<Endpoints> | undefined;
let loaded: Endpoints | undefined;
let firstScreenPainted: Promise<void> = Promise.resolve();

export const loadContract = (): Promise<Endpoints> => (contract ??= import('../../contract/endpoints').then((m) => (loaded = m.endpoints)));

/**
 * Holds the table back until `painted` settles, then loads it (the console's start-up passes
 * the first screen's paint; tests and scripts never call this and load it on first use).
 */
export function loadContractAfter(painted: Promise<unknown>): void {
  firstScreenPainted = painted.then(
    () => undefined,
    () => undefined,
  );
  void firstScreenPainted.then(loadContract);
}

/** An endpoint's entry of the contract (its method, path, permission, schemas). */
export async function endpointOf(name: EndpointName): Promise<Endpoint<any, any, z.ZodType>> {
  if (!loaded) await firstScreenPainted;
  return (loaded ?? (await loadContract()))[name] as Endpoint<any, any, z.ZodType>;
}

/** The same, without waiting, once the table is loaded (undefined before). */
export const loadedEndpointOf = (name: EndpointName): Endpoint<any, any, z.ZodType> | undefined => loaded?.[name] as Endpoint<any, any, z.ZodType> | undefined;
