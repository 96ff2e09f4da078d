import { Dexie, type Table } from 'dexie';
import { CONSOLE_DB_NAME, type PersistedQueryRecord, type QueryMetaRecord, type QueuedMutationRecord, type StaffKey } from './dbRecords';

/**
 * The console's IndexedDB database, 'panel-console'. Version 1 holds the persisted queries,
 * version 2 adds the offline action queue; later stores come as new versions, never by editing
 * an earlier one.
 *
 * `queries` keeps each persisted list or detail answer; `queryMeta` repeats its size and age so
 * the size cap can be enforced without reading every stored answer.
 */
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
