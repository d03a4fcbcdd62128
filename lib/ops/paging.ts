import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// Cursor paging for the console's lists: a page is the rows after a cursor (the sort key of the last row shown), so
// the thousandth page costs what the first does, however many rows the table holds.

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** The page size a `size` parameter asks for, when it is one of PAGE_SIZES; else the default. */
export function pageSizeOf(value: string | undefined): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** A cursor as it travels in the URL: the sort key's parts, JSON in base64url. */
export const encodeCursor = (parts: (string | number)[]): string => Buffer.from(JSON.stringify(parts)).toString('base64url');

/**
 * The sort key of a cursor, when it has `kinds` parts of those kinds ('date' is an ISO timestamp); undefined for a
 * cursor that is not one (edited by hand, or from another list), which then reads as the first page.
 */
export function decodeCursor<const K extends readonly ('date' | 'string' | 'number')[]>(
  value: string | undefined,
  kinds: K,
): { [I in keyof K]: K[I] extends 'date' ? Date : K[I] extends 'number' ? number : string } | undefined {
  if (!value || value.length > 512) return undefined;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts) || parts.length !== kinds.length) return undefined;
  const out: unknown[] = [];
  for (const [index, kind] of kinds.entries()) {
    const part: unknown = parts[index];
    if (kind === 'date') {
      const date = typeof part === 'string' ? new Date(part) : undefined;
      if (!date || Number.isNaN(date.getTime())) return undefined;
      out.push(date);
    } else if (kind === 'number') {
      if (typeof part !== 'number' || !Number.isSafeInteger(part)) return undefined;
      out.push(part);
    } else {
      if (typeof part !== 'string' || part.length > 256) return undefined;
      out.push(part);
    }
  }
  return out as never;
}

/** A page of rows: `limit + 1` were read, so whether more follow is known without counting them. */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => (string | number)[]): { rows: T[]; next: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, next: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/**
 * A timestamp column as exact text (microseconds, UTC) for a cursor: a JavaScript Date keeps milliseconds only, and a
 * cursor rounded down would skip the rows between the rounded and the true time.
 */
export const cursorTime = (column: AnyColumn | SQL) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The rows after a cursor in a newest-first list ordered by (time, id): `time <= t and (time < t or id < i)`, which
 * an index on the time column (alone or after an equality filter's column) serves, where a row comparison would need
 * an index on exactly (time, id).
 */
export const keysetBefore = (time: AnyColumn, id: AnyColumn, [at, lastId]: readonly [string, string | number]) =>
  sql`(${time} <= ${at}::timestamptz and (${time} < ${at}::timestamptz or ${id} < ${lastId}))`;
