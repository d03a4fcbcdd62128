import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

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

describe('upgrading a database with rows in it', () => {
  it('0007 gives every recorded webhook attempt its delivery’s endpoint, and the endpoint is then required', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: migrationsBefore('0007_endpoint_attempt_counts') });
      await client.exec(`
        insert into partners (id, name, type) values ('prt_1', 'Ordering app', 'ORDERING_APP');
        insert into webhook_endpoints (id, partner_id, url, secret) values
          ('whe_1', 'prt_1', 'https://one.example/hooks', 'sealed'), ('whe_2', 'prt_1', 'https://two.example/hooks', 'sealed');
        insert into events (id, type, resource, resource_id, resource_version, payload)
          values ('evt_1', 'ORDER_CREATED', 'order', 'ord_1', 1, '{}');
        insert into webhook_deliveries (id, event_id, event_seq, event_type, endpoint_id, partner_id, resource_key)
          select 'dlv_' || e, 'evt_1', 1, 'ORDER_CREATED', 'whe_' || e, 'prt_1', 'order:ord_1' from generate_series(1, 2) e;
        insert into webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms)
          values ('wha_1', 'dlv_1', now(), 503, 10), ('wha_2', 'dlv_1', now(), 204, 10), ('wha_3', 'dlv_2', now(), 204, 10);`);

      await migrate(db, { migrationsFolder: source });
      const { rows } = await client.query<{ id: string; endpoint_id: string }>('select id, endpoint_id from webhook_attempts order by id');
      expect(rows).toEqual([
        { id: 'wha_1', endpoint_id: 'whe_1' },
        { id: 'wha_2', endpoint_id: 'whe_1' },
        { id: 'wha_3', endpoint_id: 'whe_2' },
      ]);
      await expect(
        client.query(`insert into webhook_attempts (id, delivery_id, attempted_at, status_code, latency_ms) values ('wha_4', 'dlv_2', now(), 204, 10)`),
      ).rejects.toThrow(/endpoint_id/);
    } finally {
      await client.close();
    }
  });
});
