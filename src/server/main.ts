import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig } from './config';
import { DEMO_ACCOUNTS } from './auth/demoStaff';
import { startServer } from './server';

/**
 * Entry point: `npm run serve` (or `npm start`, which builds the console first). Configuration
 * comes from the environment (src/server/config.ts).
 */
async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config);

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Panel Console is running on ${where}.`);
  console.log(`Log in at ${server.url}/login`);
  if (!existsSync(join(config.staticDir, 'index.html'))) {
    console.log(`(The console is not built in ${config.staticDir}; run \`npm run build\` to serve it here.)`);
  }
  if (config.demo) {
    console.log('Demo accounts:');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(13)} ${a.email} / ${a.password}`);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log('Forced exit.');
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} received, shutting down…`);
    // Closing the database lets PGlite flush its files, so the data survives the restart.
    server.close().then(
      () => process.exit(0),
      (err) => {
        console.error('Shutdown failed:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('Panel Console failed to start:', err);
  process.exit(1);
});
