import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { autoRejectAlerts } from '@/db/schema';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { publishScheduledChanges } from '@/lib/availability/scheduler';
import { startLoops } from '@/lib/background/runner';
import { resetConfig } from '@/lib/config';
import { logger } from '@/lib/log';
import { createMailSender } from '@/lib/mail/mail-sender';
import { closeSmtpTransports } from '@/lib/mail/transport';
import { autoRejectOverdueOrders } from '@/lib/orders/auto-reject';
import { deliverQueuedMail, makeOverdue, posLeft, teamMember, waitingOrder } from '@/lib/testing/alert-fixtures';
import { durableDatabase } from '@/lib/testing/durable-database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { startSmtpSink, type SmtpSink } from '@/lib/testing/smtp-sink';
import { alertPosOfflineWithWaitingOrders, sendAutoRejectSummaries } from './merchant-alerts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const both = <T>(handles: DatabaseHandle[], run: (handle: DatabaseHandle) => Promise<T>) => Promise.all(handles.map(run));

describe('merchant alerts from two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof durableDatabase>>;
  let sink: SmtpSink;
  const handles: DatabaseHandle[] = [];
  let seq = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
    resetConfig({ SMTP_URL: sink.url, POS_OFFLINE_PAUSE_DEFAULT: 'true', ALERT_POS_OFFLINE_MINUTES: '10' });
    database = await durableDatabase();
    handles.push(await database.open(), await database.open());
    await ensureSigningKey(handles[0]!.db);
  });
  afterAll(async () => {
    closeSmtpTransports();
    await Promise.all(handles.map((handle) => handle.close()));
    await database.drop();
    await sink.close();
    resetConfig();
  });

  async function venue(members: number, orders: number) {
    const db = handles[0]!.db;
    const tag = `${process.pid}-${++seq}`;
    const { merchant, locationIds } = await createMerchantWithLocations(db, 1);
    const locationId = locationIds[0]!;
    const emails: string[] = [];
    for (let i = 0; i < members; i++) emails.push((await teamMember(db, merchant.id, `member-${i}-${tag}@bistro.test`)).email);
    await createConnectedPartner(db, 'POS', [locationId]);
    const app = await createConnectedPartner(db, 'ORDERING_APP', [locationId]);
    for (let i = 0; i < orders; i++) await waitingOrder(db, app, locationId);
    return { locationId, emails };
  }

  it('send each alert once to each recipient, however the instances race', { timeout: 120_000 }, async () => {
    const venues = [];
    for (let i = 0; i < 4; i++) venues.push(await venue(2, 3));
    for (const { locationId } of venues) await posLeft(handles[0]!.db, locationId, 11);

    // (a) and (b): both instances look at once, three times over.
    for (let round = 0; round < 3; round++) {
      await both(handles, (handle) => alertPosOfflineWithWaitingOrders(handle.db));
      await both(handles, (handle) => publishScheduledChanges(handle.db));
    }
    // (c): both instances reject the overdue orders one at a time, racing for each location's alert row.
    for (const { locationId } of venues) await makeOverdue(handles[0]!.db, locationId);
    await both(handles, async (handle) => {
      while ((await autoRejectOverdueOrders(handle.db, { limit: 1, skipLocked: true })).length > 0);
    });
    // The hour is up: one summary per location of what the first mail did not count, whichever instance sends it.
    await handles[0]!.db.update(autoRejectAlerts).set({ lastMailedAt: sql`now() - interval '61 minutes'` });
    await both(handles, (handle) => sendAutoRejectSummaries(handle.db));
    await both(handles, (handle) => sendAutoRejectSummaries(handle.db));

    await both(handles, deliverQueuedMail);
    for (const { emails } of venues) {
      for (const email of emails) {
        const subjects = sink.received.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject);
        expect(subjects.filter((subject) => subject.includes('POS has been offline'))).toHaveLength(1);
        expect(subjects.filter((subject) => subject.includes('ordering paused'))).toHaveLength(1);
        const rejected = subjects.filter((subject) => subject.includes('rejected automatically'));
        expect(rejected.length).toBeGreaterThanOrEqual(1);
        expect(rejected.length).toBeLessThanOrEqual(2);
        // Every rejected order is counted once, in the first mail or in the summary.
        expect(rejected.map((subject) => Number(/(\d+) orders? rejected/.exec(subject)![1])).reduce((a, b) => a + b, 0)).toBe(3);
      }
    }
  });

  it('measures mail latency from the triggering commit to the SMTP server', { timeout: 180_000 }, async () => {
    sink.received.length = 0;
    const venues = [];
    for (let i = 0; i < 50; i++) venues.push(await venue(4, 1));
    for (const { locationId } of venues) await makeOverdue(handles[0]!.db, locationId);
    const senders = startLoops(
      handles.map((handle) => createMailSender(handle).loop),
      logger(),
    );
    const committedAt = new Map<string, number>();
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const [index, { locationId, emails }] of venues.entries()) {
        // Each trigger on one instance or the other; the commit is done when the call resolves.
        await autoRejectOverdueOrders(handles[index % 2]!.db, { locationIds: [locationId] });
        const at = Date.now();
        for (const email of emails) committedAt.set(email, at);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const deadline = Date.now() + 30_000;
      while (sink.received.length < committedAt.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await senders.stop();
    }
    expect(sink.received).toHaveLength(200);
    const latencies = sink.received.map((mail) => mail.receivedAt - committedAt.get(mail.to[0]!)!).sort((a, b) => a - b);
    console.info(
      `alert mail latency, commit → SMTP server, ${latencies.length} mails, 2 instances (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms`,
    );
    expect(percentile(latencies, 99)).toBeLessThan(5000);
  });
});
