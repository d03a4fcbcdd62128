import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Executor } from '@/db/client';
import { LATENCY_BUCKETS, latencyBucket, recountRollups } from '@/lib/ops/rollups';

// Upgrades: a database made by an earlier release, with rows in it, migrated to this one. Each case migrates to the
// release before a migration, writes what that release wrote, and checks what the migration made of it.

const source = path.join(process.cwd(), 'db', 'migrations');
const scratch = mkdtempSync(path.join(tmpdir(), 'counterpart-upgrade-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Journal {
  entries: { tag: string }[];
}

/** The migrations folder as it stood before `tag`: its journal ends just before that migration. */
function migrationsBefore(tag: string): string {
  const folder = path.join(scratch, tag);
  cpSync(source, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/**
 * Migrates a fresh database to the release before `tag`, writes `rows` as that release did, migrates the rest of the
 * way and hands the database to `check`.
 */
async function upgradeWithRows(tag: string, rows: string, check: (client: PGlite, db: ReturnType<typeof drizzle>) => Promise<void>) {
  const client = await PGlite.create();
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore(tag) });
    await client.exec(rows);
    await migrate(db, { migrationsFolder: source });
    await check(client, db);
  } finally {
    await client.close();
  }
}

describe('upgrading a database with rows in it', () => {
  it('0007 gives every recorded webhook attempt its delivery’s endpoint, and the endpoint is then required', async () => {
    await upgradeWithRows(
      '0007_endpoint_attempt_counts',
      `
      insert into partners (id, name, type) values ('prt_1', 'Ordering app', 'ORDERING_APP');
      insert into webhook_endpoints (id, partner_id, url, secret) values
        ('whe_1', 'prt_1', 'https://one.example/hooks', 'sealed'), ('whe_2', 'prt_1', 'https://two.example/hooks', 'sealed');
      insert into events (id, type, resource, resource_id, resource_version, payload)
        values ('evt_1', 'ORDER_CREATED', 'order', 'ord_1', 1, '{}');
      insert into webhook_deliveries (id, event_id, event_seq, event_type, endpoint_id, partner_id, resource_key)
        select 'dlv_' || e, 'evt_1', 1, 'ORDER_CREATED', 'whe_' || e, 'prt_1', 'order:ord_1' from generate_series(1, 2) e;
      insert into webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms)
        values ('wha_1', 'dlv_1', now(), 503, 10), ('wha_2', 'dlv_1', now(), 204, 10), ('wha_3', 'dlv_2', now(), 204, 10);`,
      async (client) => {
        const { rows } = await client.query<{ id: string; endpoint_id: string }>('select id, endpoint_id from webhook_attempts order by id');
        expect(rows).toEqual([
          { id: 'wha_1', endpoint_id: 'whe_1' },
          { id: 'wha_2', endpoint_id: 'whe_1' },
          { id: 'wha_3', endpoint_id: 'whe_2' },
        ]);
        await expect(
          client.query(`insert into webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms) values ('wha_4', 'dlv_2', now(), 204, 10)`),
        ).rejects.toThrow(/endpoint_id/);
      },
    );
  });

  it('0010 and 0011 derive a sale’s parent and its EFTPOS transaction references from what it recorded', async () => {
    const eftpos = (reference: string) => ({
      method: 'EFTPOS',
      acquirer: { name: 'TYRO', transactionReference: reference },
      goodsAndServicesAmount: { amount: 5, currency: 'AUD' },
    });
    const cash = { method: 'CASH', goodsAndServicesAmount: { amount: 5, currency: 'AUD' } };
    const content = (extra: Record<string, unknown>) => JSON.stringify({ status: 'CLOSED', items: [], ...extra }).replace(/'/g, "''");
    await upgradeWithRows(
      '0010_sale_reopenings',
      `
      insert into merchants (id, name) values ('mer_1', 'Bistro');
      insert into locations (id, merchant_id, name) values ('loc_1', 'mer_1', 'Bistro CBD');
      insert into partners (id, name, type) values ('prt_1', 'Till', 'POS');
      insert into sales (id, location_id, pos_partner_id, origin_sale_id, status, type, opened_at, content, request_digest) values
        ('sal_1', 'loc_1', 'prt_1', 'o1', 'CLOSED', 'SALE', now(), '${content({ payments: [eftpos('pay-1'), cash, eftpos('pay-2')] })}', 'd1'),
        ('sal_2', 'loc_1', 'prt_1', 'o2', 'CLOSED', 'SALE', now(), '${content({ parentSaleId: 'sal_1', payments: [cash] })}', 'd2'),
        ('sal_3', 'loc_1', 'prt_1', 'o3', 'OPEN', 'SALE', now(), '${content({ payments: [] })}', 'd3');`,
      async (client) => {
        const { rows } = await client.query('select id, parent_sale_id, payment_references from sales order by id');
        expect(rows).toEqual([
          { id: 'sal_1', parent_sale_id: null, payment_references: ['pay-1', 'pay-2'] },
          { id: 'sal_2', parent_sale_id: 'sal_1', payment_references: [] },
          { id: 'sal_3', parent_sale_id: null, payment_references: [] },
        ]);
      },
    );
  });

  it('0009 counts the logged requests and finished deliveries into the console rollups, as recountRollups does', async () => {
    await upgradeWithRows(
      '0009_console_rollups',
      `
      insert into partners (id, name, type) values ('prt_1', 'Ordering app', 'ORDERING_APP');
      insert into webhook_endpoints (id, partner_id, url, secret) values ('whe_1', 'prt_1', 'https://one.example/hooks', 'sealed');
      insert into events (id, type, resource, resource_id, resource_version, payload)
        values ('evt_1', 'ORDER_CREATED', 'order', 'ord_1', 1, '{}');
      insert into webhook_deliveries (id, event_id, event_seq, event_type, endpoint_id, partner_id, resource_key, status, created_at)
        values ('dlv_1', 'evt_1', 1, 'ORDER_CREATED', 'whe_1', 'prt_1', 'order:ord_1', 'SUCCEEDED', '2026-03-01T10:20:00Z'),
          ('dlv_2', 'evt_1', 1, 'ORDER_CREATED', 'whe_1', 'prt_1', 'order:ord_2', 'FAILED', '2026-03-01T10:40:00Z'),
          ('dlv_3', 'evt_1', 1, 'ORDER_CREATED', 'whe_1', 'prt_1', 'order:ord_3', 'PENDING', '2026-03-01T10:50:00Z');
      insert into api_request_log (at, request_id, surface, method, route, path, status, latency_ms, partner_id, client_id, error_code)
        values ('2026-03-01T10:15:10Z', 'r1', 'partner', 'GET', '/connect/orders', '/connect/orders', 200, 4, 'prt_1', 'c1', null),
          ('2026-03-01T10:15:20Z', 'r2', 'partner', 'GET', '/connect/orders', '/connect/orders', 404, 45, 'prt_1', 'c1', 'NOT_FOUND'),
          ('2026-03-01T10:15:30Z', 'r3', 'partner', 'GET', '/connect/orders', '/connect/orders', 502, 20000, 'prt_1', 'c1', 'UPSTREAM'),
          ('2026-03-01T11:05:00Z', 'r4', 'oauth', 'POST', '/oauth/token', '/oauth/token', 200, 12, null, 'c1', null);`,
      async (client, db) => {
        const read = async () => ({
          minutes: (await client.query('select minute, requests, client_errors, server_errors, latency_counts from api_request_minutes order by minute')).rows,
          hours: (
            await client.query<{ partner_id: string | null; error_code: string | null; requests: number; errors: number; token_grants: number }>(
              'select * from api_request_hours order by hour, error_code nulls first',
            )
          ).rows,
          deliveries: (await client.query('select * from webhook_delivery_hours order by hour')).rows,
        });
        const migrated = await read();
        const buckets = (...latencies: number[]) => {
          const counts = new Array<number>(LATENCY_BUCKETS).fill(0);
          for (const ms of latencies) counts[latencyBucket(ms)]!++;
          return counts;
        };
        expect(migrated.minutes).toEqual([
          { minute: new Date('2026-03-01T10:15:00Z'), requests: 3, client_errors: 1, server_errors: 1, latency_counts: buckets(4, 45, 20000) },
          { minute: new Date('2026-03-01T11:05:00Z'), requests: 1, client_errors: 0, server_errors: 0, latency_counts: buckets(12) },
        ]);
        expect(migrated.hours.map((row) => [row.partner_id, row.error_code, row.requests, row.errors, row.token_grants])).toEqual([
          ['prt_1', null, 1, 0, 0],
          ['prt_1', 'NOT_FOUND', 1, 1, 0],
          ['prt_1', 'UPSTREAM', 1, 1, 0],
          [null, null, 1, 0, 1],
        ]);
        expect(migrated.deliveries).toEqual([{ hour: new Date('2026-03-01T10:00:00Z'), partner_id: 'prt_1', succeeded: 1, failed: 1 }]);
        // The migration and the recount the benchmark runs agree (the histogram's bounds are written in both).
        // (The lib functions take the app's database type; this one is a bare drizzle over the same PGlite.)
        await recountRollups(db as unknown as Executor);
        expect(await read()).toEqual(migrated);
      },
    );
  });
  it('0016 makes every merchant user an owner, keeping the other roles, and the new roles are usable at once', async () => {
    await upgradeWithRows(
      '0016_merchant_teams',
      `
      insert into merchants (id, name) values ('mer_1', 'Bistro');
      insert into partners (id, name, type) values ('prt_1', 'Points', 'LOYALTY');
      insert into users (id, email, password_hash, role, merchant_id, partner_id) values
        ('usr_1', 'owner@bistro.test', 'hash', 'MERCHANT', 'mer_1', null),
        ('usr_2', 'reviewer@points.test', 'hash', 'LOYALTY_PARTNER', null, 'prt_1'),
        ('usr_3', 'ops@counterpart.test', 'hash', 'ADMIN', null, null);`,
      async (client) => {
        const { rows } = await client.query<{ id: string; role: string }>('select id, role::text as role from users order by id');
        expect(rows).toEqual([
          { id: 'usr_1', role: 'OWNER' },
          { id: 'usr_2', role: 'LOYALTY_PARTNER' },
          { id: 'usr_3', role: 'ADMIN' },
        ]);
        await client.query(`insert into users (id, email, password_hash, role, merchant_id) values ('usr_4', 'host@bistro.test', 'hash', 'STAFF', 'mer_1')`);
        await expect(client.query(`update users set role = 'MERCHANT' where id = 'usr_4'`)).rejects.toThrow(/invalid input value/);
        expect((await client.query(`select 1 from pg_type where typname = 'user_role_old'`)).rows).toEqual([]);
      },
    );
  });
});
