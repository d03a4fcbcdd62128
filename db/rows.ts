/** Rows of a raw `db.execute` result: postgres.js returns an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Timestamps arrive as Date (PGlite) or string (postgres.js through drizzle); both become Date. */
export const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string | Date));
