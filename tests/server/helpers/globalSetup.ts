import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import '../../seedSize';
import { dropTemplateDatabases } from './postgres';

/**
 * Once per `vitest run` of the server project: a directory for the prepared PGlite databases
 * (preparedDatabase.ts; the first test file that needs the demo seed builds it there while the
 * console's files already run on the other worker, and the next ones copy it), and an id naming
 * the run's PostgreSQL template databases (postgres.ts, built by the first suite that needs one).
 * Both are removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const dir = await mkdtemp(join(tmpdir(), 'panel-test-databases-'));
  project.provide('testRunId', runId);
  project.provide('preparedDatabasesDir', dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await dropTemplateDatabases(runId);
  };
}
