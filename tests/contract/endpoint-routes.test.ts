import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointRoutes } from '../../src/contract/endpointRoutes';
import { endpointRoutesSource } from '../../src/contract/endpointRoutesSource';
import { endpoints } from '../../src/contract/endpoints';

describe("the console's route table (what a request needs before the schemas load)", () => {
  it('is the file `npm run contract:routes` writes from the endpoint table (run it after changing an endpoint)', () => {
    expect(readFileSync('src/contract/endpointRoutes.ts', 'utf8')).toBe(endpointRoutesSource());
  });

  it("gives every endpoint its method, path and permission, and nothing else's", () => {
    expect(Object.keys(endpointRoutes).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(endpointRoutes[name as keyof typeof endpointRoutes]).toEqual({ method: endpoint.method, path: endpoint.path, permission: endpoint.permission });
    }
  });
});
