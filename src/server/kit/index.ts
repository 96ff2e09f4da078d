/**
 * The area kit: what every area's writes go through (DESIGN.md §3, §5).
 * - ./area.ts: defineServerArea, one module per area;
 * - ./records.ts: defineRecord (a table, its noun, audit type, secrets, unique constraints) and
 *   findById (404 "Order 12 not found.");
 * - ./crud.ts: createRecord / updateRecord / deleteRecord with audit diffs and unique violations
 *   as a 422 on their field;
 * - ./transition.ts: defineTransition, a declared conditional state change with audit, change
 *   log, 404/409 sentences and the bulk answer {done, failed}.
 * Path parameters are declared in the contract (`params`, contract/endpoint.ts) and arrive typed.
 */
export * from './area';
export * from './records';
export * from './crud';
export * from './transition';
