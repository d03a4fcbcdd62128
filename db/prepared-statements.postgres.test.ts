import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { partners } from '@/db/schema';
import { type ThrowawayDatabase, throwawayDatabase } from '@/lib/testing/throwaway-database';

// db/client.ts names the statements drizzle sends, so PostgreSQL parses each once per connection and every later call
// is a single round trip. One pooled connection here, so the statements it keeps are all in one pg_prepared_statements.

let database: ThrowawayDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await throwawayDatabase(process.env.DATABASE_URL!);
  handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 1 });
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

async function preparedLike(fragment: string) {
  return rowsOf<{ statement: string; calls: string }>(
    await handle.db.execute(
      sql`select statement, generic_plans + custom_plans as calls from pg_prepared_statements where statement like ${`%${fragment}%`} and statement not like '%pg_prepared_statements%'`,
    ),
  );
}

describe('statements on PostgreSQL', () => {
  it('are prepared once and reused, with a different parameter each time', async () => {
    for (const id of ['ptn_a', 'ptn_b', 'ptn_c']) await handle.db.select().from(partners).where(eq(partners.id, id));
    const kept = await preparedLike('from "partners" where "partners"."id" = $1');
    expect(kept).toHaveLength(1);
    expect(Number(kept[0]!.calls)).toBe(3);
  });

  it('are prepared inside transactions and savepoints too', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select ${'in-transaction'}::text as marker_in_transaction`);
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(sql`select ${'in-savepoint'}::text as marker_in_savepoint`);
      });
    });
    expect(await preparedLike('as marker_in_transaction')).toHaveLength(1);
    expect(await preparedLike('as marker_in_savepoint')).toHaveLength(1);
  });

  it('are left unnamed when they carry more parameters than a handful of rows would', async () => {
    const few = Array.from({ length: 3 }, (_, index) => `ptn_few_${index}`);
    const many = Array.from({ length: 200 }, (_, index) => `ptn_many_${index}`);
    await handle.db.select({ id: partners.id }).from(partners).where(inArray(partners.id, few));
    expect(await handle.db.select({ id: partners.id }).from(partners).where(inArray(partners.id, many))).toEqual([]);
    const kept = await preparedLike('"partners"."id" in (');
    expect(kept.map((row) => row.statement.match(/\$\d+/g)!.length)).toEqual([3]);
  });
});
