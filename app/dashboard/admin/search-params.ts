// The console's filters live in the URL (a plain GET form): one reading of them for every page.

export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, trimmed; absent when empty. */
export const firstParam = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** A `datetime-local` filter, read as UTC (the console shows times in UTC); absent when not a date. */
export function utcDateParam(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const parsed = new Date(/[zZ]$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}
