import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { resetConfig } from '@/lib/config';
import { durableDatabase } from '@/lib/testing/durable-database';
import { createMailSender } from './mail-sender';
import { enqueueMail } from './outbox';
import { startSmtpSink, type SmtpSink } from '@/lib/testing/smtp-sink';
import { closeSmtpTransports } from './transport';

describe('two mail senders on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof durableDatabase>>;
  let sink: SmtpSink;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    // Every fifth message is refused for now (451), so retries race between the instances too.
    sink = await startSmtpSink({ refuse: (index) => (index % 5 === 0 ? { code: 451, message: 'Greylisted, try again' } : undefined) });
    resetConfig({ SMTP_URL: sink.url });
    database = await durableDatabase();
    handles.push(await database.open(), await database.open());
  });
  afterAll(async () => {
    closeSmtpTransports();
    await Promise.all(handles.map((handle) => handle.close()));
    await database.drop();
    await sink.close();
    resetConfig();
  });

  it('send each mail exactly once between them', { timeout: 120_000 }, async () => {
    const queued: string[] = [];
    for (let i = 0; i < 120; i++) {
      queued.push(
        await enqueueMail(handles[i % 2]!.db, {
          purpose: 'test',
          to: `guest-${i}@bistro.test`,
          subject: `Mail ${i}`,
          text: `Mail ${i}`,
          html: `<p>Mail ${i}</p>`,
        }),
      );
    }
    const senders = handles.map((handle) => createMailSender(handle, { batchSize: 7, retrySchedule: [0, 0, 0, 0, 0] }));
    const claimed = [0, 0];
    const deadline = Date.now() + 90_000;
    await Promise.all(
      senders.map(async (sender, index) => {
        while (new Set(sink.received.map((mail) => mail.messageId)).size < queued.length && Date.now() < deadline) {
          const count = await sender.sendBatch();
          claimed[index]! += count;
          if (!count) await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    // A last pass of both finds nothing left to send.
    expect(await Promise.all(senders.map((sender) => sender.sendBatch()))).toEqual([0, 0]);
    const ids = sink.received.map((mail) => mail.messageId).sort();
    expect(ids).toEqual(queued.map((id) => `<${id}@counterpart>`).sort());
    expect(claimed[0]).toBeGreaterThan(0);
    expect(claimed[1]).toBeGreaterThan(0);
  });
});
