/**
 * The drizzle schema, one file per area. Migrations in ../migrations are generated from it with
 * `npm run db:generate` (drizzle-kit) and committed.
 */
export * from './staff';
export * from './settings';
export * from './logs';
export * from './orders';
export * from './providers';
export * from './catalogue';
export * from './customers';
export * from './finance';
export * from './packages';
export * from './drip-feeds';
export * from './subscriptions';
export * from './external-panel-orders';
export * from './idempotency';
export * from './security';
