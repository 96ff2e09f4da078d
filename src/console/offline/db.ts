import { Dexie, type Table } from 'dexie';

/**
 * The console's IndexedDB database, 'panel-console'. Version 1 holds the persisted queries;
 * later stores (the offline mutation queue) are added as new versions, never by editing this one.
 *
 * `queries` keeps each persisted list or detail answer; `queryMeta` repeats its size and age so
 * the size cap can be enforced without reading every stored answer.
 */

export type StaffKey = string;

export interface PersistedQueryRecord {
  staffId: StaffKey;
  queryHash: string;
  queryKey: readonly unknown[];
  data: unknown;
  dataUpdatedAt: number;
  /** Approximate size in characters of the stored data (JSON length). */
  size: number;
  /** The persister's buster when stored; other busters are discarded on read. */
  buster: string;
}

export type QueryMetaRecord = Pick<PersistedQueryRecord, 'staffId' | 'queryHash' | 'dataUpdatedAt' | 'size'>;

export const CONSOLE_DB_NAME = 'panel-console';

export class ConsoleDb extends Dexie {
  queries!: Table<PersistedQueryRecord, [StaffKey, string]>;
  queryMeta!: Table<QueryMetaRecord, [StaffKey, string]>;

  constructor(name = CONSOLE_DB_NAME) {
    super(name);
    this.version(1).stores({
      queries: '[staffId+queryHash], staffId',
      queryMeta: '[staffId+queryHash], staffId, dataUpdatedAt',
    });
  }
}

let instance: ConsoleDb | null = null;

/** The shared database (opened lazily by Dexie on first use). */
export function getConsoleDb(): ConsoleDb {
  instance ??= new ConsoleDb();
  return instance;
}

/** Deletes the whole database (tests, "forget this device"). */
export async function deleteConsoleDb(): Promise<void> {
  const db = getConsoleDb();
  instance = null;
  await db.delete();
}

export const staffKey = (staffId: string | number): StaffKey => String(staffId);
