export * from './db';
export * from './queryPersister';
