import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/db/schema';
import type { DatabaseHandle } from '@/db/client';
import { resetConfig } from '@/lib/config';
import { throwawayDatabase, type ThrowawayDatabase } from '@/lib/testing/throwaway-database';
import { openDatabase } from '@/db/client';
import { createMailSender } from './mail-sender';
import { enqueueMail } from './outbox';
import { startSmtpSink, type SmtpSink } from '@/lib/testing/smtp-sink';
import { closeSmtpTransports } from './transport';

const LEASE_SECONDS = 2;

describe('a mail sender killed with SIGKILL in the middle of a burst', () => {
  let database: ThrowawayDatabase;
  let handle: DatabaseHandle;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    resetConfig({ SMTP_URL: sink.url });
    database = await throwawayDatabase(process.env.DATABASE_URL!, 'counterpart_mail');
    handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 5 });
  });
  afterAll(async () => {
    closeSmtpTransports();
    await handle.close();
    await database.drop();
    await sink.close();
    resetConfig();
  });

  it('loses no mail: another instance sends what it had claimed once its lease runs out', { timeout: 120_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'lib/testing/mail-sender-child.ts', database.url, sink.url, String(LEASE_SECONDS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => line === 'ready' && resolve());
      child.once('exit', (code) => reject(new Error(`sender-child exited with ${code} before it was ready`)));
    });
    const queued = new Set<string>();
    for (let batch = 0; batch < 8; batch++) {
      const ids = await handle.db.transaction((tx) =>
        Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            enqueueMail(tx, { purpose: 'test', to: `g${batch}-${i}@bistro.test`, subject: 's', text: 't', html: '<p>t</p>' }),
          ),
        ),
      );
      for (const id of ids) queued.add(`<${id}@counterpart>`);
    }
    while (sink.received.length < queued.size / 4) await new Promise((resolve) => setTimeout(resolve, 1));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const sentByTheKilled = sink.received.length;
    expect(sentByTheKilled).toBeLessThan(queued.size);

    const survivor = createMailSender(handle);
    const deadline = Date.now() + 60_000;
    while (new Set(sink.received.map((mail) => mail.messageId)).size < queued.size && Date.now() < deadline) {
      if (!(await survivor.sendBatch())) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(new Set(sink.received.map((mail) => mail.messageId))).toEqual(queued);
    const rows = await handle.db.select({ status: mailOutbox.status }).from(mailOutbox);
    expect(rows.every((row) => row.status === 'SENT')).toBe(true);
    // At most the batch in flight at the kill went out twice (handed to the server, not yet recorded).
    expect(sink.received.length - queued.size).toBeLessThanOrEqual(20);
  });
});
