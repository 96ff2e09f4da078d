import pg from 'pg';
import { openDatabase, sql } from './src/server/db/client';
import { seedBase, seedSteps } from './src/server/db/seed';
const name = 'pc_scratch_orders';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const d = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:5432/${name}`, poolSize: 2 });
process.env.SEED_ORDERS = process.argv[2] ?? '200000';
await seedBase(d.db);
for (const step of seedSteps) {
  if (step.kind !== 'demo') continue;
  const t = Date.now();
  await d.db.transaction((tx) => step.run(tx));
  console.log(step.name, Date.now() - t);
  if (step.name === 'orders-and-providers') break;
}
await d.db.execute(sql`VACUUM ANALYZE`);
await d.close();
