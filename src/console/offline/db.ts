import { Dexie, type Table } from 'dexie';

/**
 * The console's IndexedDB database, 'panel-console'. Version 1 holds the persisted queries,
 * version 2 adds the offline action queue; later stores come as new versions, never by editing
 * an earlier one.
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

/** What the server answered a queued action that it refused. */
export interface QueuedMutationError {
  /** HTTP status (409, 422…); 0 when no answer came (an unexpected failure). */
  status: number;
  message: string;
  /** Field errors of a 422. */
  fieldErrors?: Record<string, string[]>;
}

export type QueuedMutationStatus = 'queued' | 'sending' | 'failed';

/** An action taken offline, waiting to be sent (see mutationQueue.ts). */
export interface QueuedMutationRecord {
  /** Auto-incremented: the creation order, which is the replay order. */
  id?: number;
  staffId: StaffKey;
  /** Sent as the Idempotency-Key header on every attempt, so the server runs it at most once. */
  idempotencyKey: string;
  endpoint: string;
  params?: Record<string, string | number>;
  body?: unknown;
  query?: unknown;
  /** What the member did, for the queue list ("Approve order 123"). */
  label: string;
  /** The resource whose lists and details reload after the replay, and any others it affects. */
  resourceName: string;
  invalidates?: string[];
  /** The ids of a bulk action, to report per-row outcomes of its answer. */
  bulkIds?: (string | number)[];
  createdAt: number;
  status: QueuedMutationStatus;
  error?: QueuedMutationError;
}

export const CONSOLE_DB_NAME = 'panel-console';

export class ConsoleDb extends Dexie {
  queries!: Table<PersistedQueryRecord, [StaffKey, string]>;
  queryMeta!: Table<QueryMetaRecord, [StaffKey, string]>;
  mutationQueue!: Table<QueuedMutationRecord, number>;

  constructor(name = CONSOLE_DB_NAME) {
    super(name);
    this.version(1).stores({
      queries: '[staffId+queryHash], staffId',
      queryMeta: '[staffId+queryHash], staffId, dataUpdatedAt',
    });
    // Version 2: the offline action queue, per staff member, in creation order.
    this.version(2).stores({
      mutationQueue: '++id, staffId',
    });
  }
}

let instance: ConsoleDb | null = null;

/** The shared database (opened lazily by Dexie on first use). */
export function getConsoleDb(): ConsoleDb {
  instance ??= new ConsoleDb();
  return instance;
}

/**
 * Opens the database at start, while the app's code still evaluates: opening IndexedDB costs tens
 * of milliseconds, which would otherwise delay the cached page of a reload.
 */
export function warmConsoleDb(): void {
  if (typeof indexedDB === 'undefined') return;
  getConsoleDb()
    .open()
    .catch(() => {
      /* unavailable (private mode): lists simply have no cache */
    });
}

/** Deletes the whole database (tests, "forget this device"). */
export async function deleteConsoleDb(): Promise<void> {
  const db = getConsoleDb();
  instance = null;
  await db.delete();
}

export const staffKey = (staffId: string | number): StaffKey => String(staffId);
