import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { merchants } from './schema';

const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database', () => {
  it('keeps data written before a restart', async () => {
    const first = await openDatabase({ dataDir });
    await first.db.insert(merchants).values({ id: 'm-restart', name: 'Before restart' });
    await first.close();

    const second = await openDatabase({ dataDir });
    const [row] = await second.db.select().from(merchants).where(eq(merchants.id, 'm-restart'));
    expect(row?.name).toBe('Before restart');
    await second.close();
  });

  it('refuses a second opener of the same data directory while the first holds it', async () => {
    const holder = await openDatabase({ dataDir });
    // The lock names a live process other than us, as a second Counterpart process would see it.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dataDir, 'counterpart.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
    writeFileSync(path.join(dataDir, 'counterpart.lock'), String(process.pid));
    await holder.close();
  });
});
