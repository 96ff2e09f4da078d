/**
 * Writes src/contract/endpointRoutes.ts: each endpoint's method and path, from the endpoint table.
 * Run after adding or changing an endpoint: `npm run contract:routes` (a test fails until it is).
 */
import { writeFileSync } from 'node:fs';
import { endpointRoutesSource } from '../src/contract/endpointRoutesSource';

writeFileSync(new URL('../src/contract/endpointRoutes.ts', import.meta.url), endpointRoutesSource());
console.log('src/contract/endpointRoutes.ts written');
