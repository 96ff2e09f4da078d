/**
 * The drizzle schema, one file per area. Migrations in ../migrations are generated from it with
 * `npm run db:generate` (drizzle-kit) and committed.
 */
export * from './staff';
