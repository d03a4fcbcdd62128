import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { freePort } from '@/lib/testing/server-process';
import { useTestDatabase } from '@/lib/testing/database';
import { createMailSender } from './mail-sender';
import { enqueueMail, MAIL_RETENTION_DAYS, sweepOldMail } from './outbox';
import { passwordResetMail } from './templates';
import { linkIn, startSmtpSink, type SmtpSink } from '@/lib/testing/smtp-sink';
import { closeSmtpTransports } from './transport';

const database = useTestDatabase();
const db = () => database.db();
const sinks: SmtpSink[] = [];

afterEach(async () => {
  closeSmtpTransports();
  await Promise.all(sinks.splice(0).map((sink) => sink.close()));
  await db().delete(mailOutbox);
});
afterAll(() => {
  resetConfig();
});

const sink = async (options: Parameters<typeof startSmtpSink>[0] = {}) => {
  const started = await startSmtpSink(options);
  sinks.push(started);
  return started;
};

const queue = (to = 'someone@bistro.test') =>
  enqueueMail(db(), {
    purpose: 'password-reset',
    to,
    ...passwordResetMail({ name: 'Sam', link: 'http://localhost:3000/reset-password?token=abc', validForMinutes: 60 }),
  });

const rowOf = async (id: string) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

/** Runs batches until `done` holds (a retry comes due after its backoff), at most `ms`. */
async function sendUntil(sender: ReturnType<typeof createMailSender>, done: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('mail not delivered in time');
    await sender.sendBatch();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mail over SMTP', () => {
  it('sends a queued mail once, with both parts, from MAIL_FROM and signed in with the URL’s credentials', async () => {
    const server = await sink({ credentials: { user: 'counterpart', pass: 's3cret word' } });
    resetConfig({ SMTP_URL: `smtp://counterpart:${encodeURIComponent('s3cret word')}@127.0.0.1:${server.port}`, MAIL_FROM: 'Demo Bistro <hello@bistro.test>' });
    const id = await queue();
    const sender = createMailSender(database.handle());
    expect(await sender.sendBatch()).toBe(1);
    expect(await sender.sendBatch()).toBe(0);
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail).toMatchObject({
      messageId: `<${id}@counterpart>`,
      to: ['someone@bistro.test'],
      subject: 'Reset your Counterpart password',
      user: 'counterpart',
      secure: false,
    });
    expect(mail!.decoded).toMatch(/^From: Demo Bistro <hello@bistro\.test>/m);
    expect(mail!.decoded).toContain('Content-Type: text/plain');
    expect(mail!.decoded).toContain('Content-Type: text/html');
    expect(linkIn(mail!, '/reset-password')).toBe('http://localhost:3000/reset-password?token=abc');
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attemptCount: 1, lastError: null, lockedUntil: null });
  });

  it('speaks TLS from the first byte to an smtps:// server', async () => {
    const server = await sink({ secure: true });
    resetConfig({ SMTP_URL: server.url });
    const id = await queue();
    await createMailSender(database.handle()).sendBatch();
    expect(server.received.map((mail) => [mail.messageId, mail.secure])).toEqual([[`<${id}@counterpart>`, true]]);
  });

  it('keeps mail queued while the SMTP server is down, retries with backoff, and delivers it once when it returns', async () => {
    const port = await freePort();
    resetConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const id = await queue();
    const sender = createMailSender(database.handle(), { retrySchedule: [0.3, 0.3, 0.3, 0.3, 0.3, 0.3] });
    const started = Date.now();
    expect(await sender.sendBatch()).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'PENDING', attemptCount: 1, lockedUntil: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 50);
    // Not due again before its backoff has passed.
    expect(await sender.sendBatch()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await sender.sendBatch()).toBe(1);
    expect((await rowOf(id)).attemptCount).toBe(2);

    const server = await sink({ port });
    await sendUntil(sender, async () => (await rowOf(id)).status === 'SENT');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await sender.sendBatch();
    expect(server.received.map((mail) => mail.messageId)).toEqual([`<${id}@counterpart>`]);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attemptCount: 3, lastError: null });
  });

  it('retries a temporary refusal (4xx) but gives up at once on a permanent one (5xx)', async () => {
    const server = await sink({
      refuse: (index) => (index === 0 ? { code: 451, message: 'Try again later' } : index === 2 ? { code: 550, message: 'No such user' } : undefined),
    });
    resetConfig({ SMTP_URL: server.url });
    const sender = createMailSender(database.handle(), { retrySchedule: [0, 0, 0] });
    const temporary = await queue('first@bistro.test');
    await sender.sendBatch();
    expect(await rowOf(temporary)).toMatchObject({ status: 'PENDING', attemptCount: 1 });
    await sendUntil(sender, async () => (await rowOf(temporary)).status === 'SENT');
    const permanent = await queue('nobody@bistro.test');
    await sender.sendBatch();
    const refused = await rowOf(permanent);
    expect(refused).toMatchObject({ status: 'FAILED', attemptCount: 1 });
    expect(refused.lastError).toMatch(/No such user/);
    expect(server.received.map((mail) => mail.to)).toEqual([['first@bistro.test']]);
  });

  it('gives up after the last retry of the schedule and keeps the mail, marked FAILED, for the console', async () => {
    resetConfig({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    const id = await queue();
    const sender = createMailSender(database.handle(), { retrySchedule: [0, 0] });
    await sendUntil(sender, async () => (await rowOf(id)).status !== 'PENDING');
    expect(await rowOf(id)).toMatchObject({ status: 'FAILED', attemptCount: 3 });
  });

  it('sends nothing for a change that rolled back', async () => {
    const server = await sink();
    resetConfig({ SMTP_URL: server.url });
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, { purpose: 'password-reset', to: 'ghost@bistro.test', subject: 'x', text: 'x', html: '<p>x</p>' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await createMailSender(database.handle()).sendBatch()).toBe(0);
    expect(server.received).toHaveLength(0);
  });

  it('wakes on the commit that queues a mail (NOTIFY), without waiting out its idle sleep', async () => {
    const server = await sink();
    resetConfig({ SMTP_URL: server.url });
    const sender = createMailSender(database.handle(), { idleWaitMs: 60_000 });
    let running = true;
    const loop = (async () => {
      while (running) await sender.loop.run();
    })();
    // The first run finds nothing and the next one sleeps, listening.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queuedAt = Date.now();
    await queue();
    const deadline = Date.now() + 10_000;
    while (!server.received.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    running = false;
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.receivedAt - queuedAt).toBeLessThan(5000);
    await queue('last@bistro.test');
    await loop;
  });
});

describe('mail without SMTP_URL', () => {
  it('stays in the outbox (KEPT, readable) and no SMTP server is contacted', async () => {
    const server = await sink();
    resetConfig({ SMTP_URL: '' });
    const id = await queue();
    expect(await createMailSender(database.handle()).sendBatch()).toBe(1);
    const kept = await rowOf(id);
    expect(kept).toMatchObject({ status: 'KEPT', attemptCount: 1, recipient: 'someone@bistro.test' });
    expect(kept.textBody).toContain('http://localhost:3000/reset-password?token=abc');
    expect(kept.completedAt).not.toBeNull();
    expect(server.received).toHaveLength(0);
  });
});

describe('mail retention', () => {
  it(`deletes finished mail older than ${MAIL_RETENTION_DAYS} days and keeps pending mail however old`, async () => {
    resetConfig({ SMTP_URL: '' });
    const [old, recent, waiting] = [await queue('old@bistro.test'), await queue('recent@bistro.test'), await queue('waiting@bistro.test')];
    await db()
      .update(mailOutbox)
      .set({ status: 'SENT' })
      .where(inArray(mailOutbox.id, [old, recent]));
    const longAgo = new Date(Date.now() - (MAIL_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000);
    await db()
      .update(mailOutbox)
      .set({ createdAt: longAgo })
      .where(inArray(mailOutbox.id, [old, waiting]));
    expect(await sweepOldMail(db(), 100)).toBe(1);
    expect((await db().select({ id: mailOutbox.id }).from(mailOutbox)).map((row) => row.id).sort()).toEqual([recent, waiting].sort());
  });
});
