import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Shared tables in db/schema, an area's own tables in areas/<area>/schema.ts.
  schema: ['./src/server/db/schema/*.ts', './src/server/areas/*/schema.ts'],
  out: './src/server/db/migrations',
});
