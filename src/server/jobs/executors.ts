import { sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';

/** The database adapters pg-boss runs on: the application's own client, or the caller's transaction. */

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

interface PgliteLike {
  exec(text: string): Promise<{ rows: any[] }[]>;
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}
interface PoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

const isPglite = (client: unknown): client is PgliteLike => typeof (client as PgliteLike).exec === 'function';

/**
 * pg-boss on the database's own client. PGlite refuses a multi-statement script as a prepared
 * statement, and pg-boss sends its schema scripts without parameters: those go through exec().
 */
export function clientExecutor(db: Db): SqlExecutor {
  const client = (db as unknown as { $client: PgliteLike | PoolLike }).$client;
  if (!client) throw new Error('jobs: the database handle has no client');
  return {
    async executeSql(text, values) {
      if (isPglite(client) && (!values || values.length === 0)) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values as unknown[]);
    },
  };
}

/** pg-boss's parameterised statement ($1, $2…) as drizzle SQL, so it runs in the caller's transaction on either driver. */
export function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
    last = match.index! + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

export function transactionExecutor(q: Queryable): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = (await q.execute(toDrizzleSql(text, values ?? []))) as unknown as { rows: any[] };
      return { rows: result.rows };
    },
  };
}
