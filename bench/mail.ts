/**
 * Mail on PostgreSQL: p50/p99 time from the commit that queues a mail to its arrival at a real SMTP server (the
 * `smtp-server` package, in this process), at 20 mails a second; then mails lost when a sending instance is killed
 * with SIGKILL in the middle of a burst and another instance carries on (target: 0 lost). A mail the killed instance
 * had handed to the SMTP server but not yet recorded as sent goes out again (same Message-ID); those are counted too.
 *
 *   npx tsx bench/mail.ts          (PostgreSQL at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_MAIL_SECONDS=20 BENCH_MAIL_BURST=2000 npx tsx bench/mail.ts
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { openDatabase } from '@/db/client';
import { startLoops } from '@/lib/background/runner';
import { resetConfig } from '@/lib/config';
import { logger } from '@/lib/log';
import { createMailSender } from '@/lib/mail/mail-sender';
import { enqueueMail } from '@/lib/mail/outbox';
import { startSmtpSink } from '@/lib/testing/smtp-sink';
import { closeSmtpTransports, smtpTransport } from '@/lib/mail/transport';
import { benchDatabase, percentile, sleep } from './support';

process.env.LOG_LEVEL = 'silent';
const latencySeconds = Number(process.env.BENCH_MAIL_SECONDS ?? 10);
const burst = Number(process.env.BENCH_MAIL_BURST ?? 1000);
const CHILD_LEASE_SECONDS = 3;

const mail = (i: number) => ({ purpose: 'bench', to: `guest-${i}@bistro.test`, subject: `Bench ${i}`, text: `Mail ${i}`, html: `<p>Mail ${i}</p>` });

async function main() {
  const sink = await startSmtpSink();
  resetConfig({ SMTP_URL: sink.url, LOG_LEVEL: 'silent' });
  const database = await benchDatabase();
  const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 10 });
  try {
    // 1. Latency: one instance's loop, woken by the commit's NOTIFY.
    const loops = startLoops([createMailSender(handle).loop], logger());
    await sleep(300);
    const committedAt = new Map<string, number>();
    const count = latencySeconds * 20;
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const id = await handle.db.transaction((tx) => enqueueMail(tx, mail(i)));
      committedAt.set(`<${id}@counterpart>`, Date.now() - (performance.now() - started) / 2);
      await sleep(50);
    }
    const deadline = Date.now() + 30_000;
    while (sink.received.length < count && Date.now() < deadline) await sleep(20);
    await loops.stop();
    const latencies = sink.received
      .filter((received) => committedAt.has(received.messageId))
      .map((received) => received.receivedAt - committedAt.get(received.messageId)!);
    console.log(
      `mail latency, commit → SMTP server, ${latencies.length}/${count} mails at 20/s: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
    );
    // What the SMTP exchange alone costs here (nodemailer to the in-process server), to tell the queue's share from it.
    const bare: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await smtpTransport(sink.url).sendMail({ from: 'bench@bistro.test', to: 'bench@bistro.test', subject: 'bare', text: 'bare' });
      bare.push(performance.now() - started);
    }
    console.log(`  of which one SMTP exchange alone (nodemailer → smtp-server, no queue): p50 ${percentile(bare, 50).toFixed(0)} ms`);

    // 2. SIGKILL: a child instance sends a burst and is killed halfway; this process's sender carries on.
    const before = sink.received.length;
    const child = spawn(process.execPath, ['--import', 'tsx', 'lib/testing/mail-sender-child.ts', database.url, sink.url, String(CHILD_LEASE_SECONDS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => line === 'ready' && resolve());
      child.once('exit', (code) => reject(new Error(`sender-child exited with ${code}`)));
    });
    const queued = new Set<string>();
    for (let i = 0; i < burst; i += 50) {
      const ids = await handle.db.transaction(async (tx) =>
        Promise.all(Array.from({ length: Math.min(50, burst - i) }, (_, j) => enqueueMail(tx, mail(count + i + j)))),
      );
      for (const id of ids) queued.add(`<${id}@counterpart>`);
    }
    while (sink.received.length - before < burst / 2) await sleep(1);
    child.kill('SIGKILL');
    const sentBeforeKill = sink.received.length - before;
    await new Promise((resolve) => child.once('exit', resolve));
    const survivor = startLoops([createMailSender(handle, { idleWaitMs: 200 }).loop], logger());
    const drainDeadline = Date.now() + 60_000 + CHILD_LEASE_SECONDS * 1000;
    const distinct = () => new Set(sink.received.slice(before).map((received) => received.messageId));
    while (distinct().size < queued.size && Date.now() < drainDeadline) await sleep(50);
    await sleep(CHILD_LEASE_SECONDS * 1000 + 500);
    await survivor.stop();
    const arrived = sink.received.slice(before).filter((received) => queued.has(received.messageId));
    const unique = new Set(arrived.map((received) => received.messageId));
    console.log(
      `kill -9 of a sender after ${sentBeforeKill} of ${queued.size} mails: lost ${queued.size - unique.size}, sent twice ${arrived.length - unique.size} (handed to SMTP, not yet recorded when killed)`,
    );
  } finally {
    closeSmtpTransports();
    await handle.close();
    await database.drop();
    await sink.close();
  }
}

await main();
