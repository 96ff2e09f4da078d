/**
 * The records of the console's IndexedDB database ('panel-console'): what each store holds. Its
 * own module, so the database's schema (./consoleDb.ts) and the way to reach it (./db.ts) both
 * read it without importing each other.
 */

export const CONSOLE_DB_NAME = 'panel-console';

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

export const staffKey = (staffId: string | number): StaffKey => String(staffId);
