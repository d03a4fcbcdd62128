import { type Column, type SQL, sql } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';

/** Rows of a raw `db.execute` result: postgres.js returns an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Timestamps arrive as Date (PGlite) or string (postgres.js through drizzle); both become Date. */
export const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string | Date));

/**
 * A table under an alias, for hand-written SQL that the query builder cannot express: `${d.from}` renders
 * `"webhook_deliveries" "d"` in a FROM or UPDATE clause and `${d.ref.status}` the column `"d"."status"`, so the types
 * check every table and column name.
 */
export function aliased<T extends PgTable>(table: T, name: string) {
  return { from: sql`${table} ${sql.identifier(name)}`, ref: alias(table, name) };
}

/** Bare column names, as an INSERT's column list or an UPDATE's SET target need them. */
export const columnNames = (...columns: Column[]): SQL =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/**
 * Text PostgreSQL will take: `text` and `jsonb` refuse NUL (U+0000), which a client (or a webhook receiver's answer)
 * may well contain, so it becomes the replacement character U+FFFD.
 */
export function storableText(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}

/**
 * A value a `jsonb` column will take: in every string, keys included, NUL and lone surrogates (both legal in a
 * JavaScript string a client sent as JSON; JSON.stringify writes a lone one as a `\ud800` escape that json and jsonb
 * refuse) become U+FFFD, as they do in a text column.
 */
export function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value).toWellFormed();
  if (Array.isArray(value)) return value.map(storableJson);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [storableJson(key) as string, storableJson(member)]));
  }
  return value;
}
