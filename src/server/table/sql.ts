import { sql, type SQL } from 'drizzle-orm';

/**
 * Select-list helpers shared by lists, so every driver returns the same JSON-ready text: PGlite and
 * node-postgres differ on timestamps (text vs Date) and on numeric and bigint values.
 */

/** A timestamp as the API's UTC 'YYYY-MM-DD HH:mm:ss', or NULL. */
export const utcText = (expr: SQL): SQL => sql`to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/** A numeric (money) value as its exact decimal text. */
export const decimalText = (expr: SQL): SQL => sql`(${expr})::text`;
