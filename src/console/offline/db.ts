import type { ConsoleDb } from './consoleDb';

export type { ConsoleDb } from './consoleDb';
export * from './dbRecords';

/**
 * The one way to reach the console's IndexedDB database ('panel-console', ./consoleDb.ts; its
 * records are in ./dbRecords.ts). The database library loads with the first use, beside the
 * start-up code rather than in the entry chunk.
 */

let instance: Promise<ConsoleDb> | null = null;

/** The shared database (its code loads, and Dexie opens it, on first use). */
export function getConsoleDb(): Promise<ConsoleDb> {
  instance ??= import('./consoleDb').then(({ ConsoleDb }) => new ConsoleDb());
  return instance;
}

/**
 * Opens the database at start, while the app's code still evaluates: opening IndexedDB costs tens
 * of milliseconds, which would otherwise delay the cached page of a reload.
 */
export function warmConsoleDb(): void {
  if (typeof indexedDB === 'undefined') return;
  getConsoleDb()
    .then((db) => db.open())
    .catch(() => {
      /* unavailable (private mode): lists simply have no cache */
    });
}

/** Deletes the whole database (tests, "forget this device"). */
export async function deleteConsoleDb(): Promise<void> {
  const db = await getConsoleDb();
  instance = null;
  await db.delete();
}
