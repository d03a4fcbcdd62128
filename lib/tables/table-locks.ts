import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';

/**
 * Serialises every change that can alter which open sales a table number has: sales joining or leaving it, and
 * tables taking or giving up that number. A transaction-scoped advisory lock per (location, number) works whether or
 * not a table with that number exists yet, so TABLE_OPENED and TABLE_CLOSED are each emitted exactly once even when
 * sales for one table arrive together. Numbers are locked in sorted order, so two transactions never deadlock.
 */
export async function lockTableNumbers(tx: Executor, locationId: string, numbers: readonly (string | null | undefined)[]): Promise<void> {
  const distinct = [...new Set(numbers.filter((number): number is string => Boolean(number)))].sort();
  for (const number of distinct) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${JSON.stringify(['table', locationId, number])}, 0))`);
  }
}
