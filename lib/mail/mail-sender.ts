import type { DatabaseHandle } from '@/db/client';
import type { Loop } from '@/lib/loop';
import { config } from '@/lib/config';
import { retryDelayFrom } from '@/lib/retry-delay';
import { logger } from '@/lib/log';
import { wakeSignal } from '@/lib/wake-signal';
import { claimDueMails, msUntilNextMailDue, recordMailOutcome, type ClaimedMail, type MailOutcome } from './mail-claim';
import { MAIL_CHANNEL } from './outbox';
import { SMTP_TIMEOUTS, smtpTransport } from './transport';

/** Seconds before each retry of a mail the SMTP server did not take: about two days in all, like webhooks. */
export const MAIL_RETRY_SCHEDULE = [5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400];

export interface MailSenderOptions {
  batchSize?: number;
  retrySchedule?: readonly number[];
  /** The longest an idle loop sleeps; a commit that queued mail (NOTIFY) or a retry this instance knows of wakes it earlier. */
  idleWaitMs?: number;
  /** How long a claim holds its mails (default: longer than an attempt can run); a crash frees them after this. */
  leaseSeconds?: number;
}

export interface MailSender {
  /** Claims one batch of due mails and sends (or keeps) them; resolves with how many were claimed. */
  sendBatch(): Promise<number>;
  loop: Loop;
}

// The lease outlasts an attempt's longest possible run (every SMTP timeout in turn), so no mail is sent twice at once.
const LEASE_SECONDS = Math.ceil((SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + 2 * SMTP_TIMEOUTS.socketTimeout) / 1000) + 30;

/** A permanent refusal (SMTP 5xx: no such mailbox, message refused) is not retried; anything else is. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function createMailSender(handle: DatabaseHandle, options: MailSenderOptions = {}): MailSender {
  const batchSize = options.batchSize ?? 20;
  const schedule = options.retrySchedule ?? MAIL_RETRY_SCHEDULE;
  const idleWaitMs = options.idleWaitMs ?? 5000;
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const log = logger().child({ loop: 'mail-sender' });
  const signal = wakeSignal();
  let listening: Promise<unknown> | undefined;

  const attempt = async (mail: ClaimedMail): Promise<MailOutcome> => {
    const { SMTP_URL, MAIL_FROM, NODE_ENV } = config();
    if (!SMTP_URL) {
      // docs/contract.md#configuration: without SMTP_URL the outbox is where mail stays, for admins to read in the console.
      if (NODE_ENV === 'development') log.info({ mailId: mail.id, to: mail.recipient, subject: mail.subject, text: mail.textBody }, 'mail kept in the outbox');
      return { status: 'KEPT' };
    }
    try {
      await smtpTransport(SMTP_URL).sendMail({
        from: MAIL_FROM,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        // The same id on every attempt, so a receiver can tell a resend after a crash from a new mail.
        messageId: `<${mail.id}@counterpart>`,
      });
      return { status: 'SENT' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryInMs = isPermanent(error) ? null : retryDelayFrom(schedule, mail.attemptCount - 1);
      log.warn({ mailId: mail.id, attempt: mail.attemptCount, err: message, retryInMs }, 'mail not sent');
      return retryInMs === null ? { status: 'FAILED', error: message } : { status: 'PENDING', error: message, retryInMs };
    }
  };

  const sendBatch = async () => {
    const claimed = await claimDueMails(handle.db, batchSize, leaseSeconds);
    const outcomes = await Promise.all(
      claimed.map(async (mail) => {
        const outcome = await attempt(mail);
        await recordMailOutcome(handle.db, mail, outcome);
        return outcome;
      }),
    );
    const retries = outcomes.flatMap((outcome) => (outcome.status === 'PENDING' ? [outcome.retryInMs] : []));
    if (retries.length) signal.wakeIn(Math.min(...retries));
    return claimed.length;
  };

  // Whether mail may be due without a wake-up: at start, and after a claim that filled its batch.
  let mayBeMoreDue = true;

  const loop: Loop = {
    name: 'mail-sender',
    idleMs: 0,
    async run() {
      listening ??= handle.listen(MAIL_CHANNEL, signal.wake).catch((error: unknown) => log.error({ err: error }, 'cannot LISTEN for mail'));
      if (!mayBeMoreDue) await signal.sleep(idleWaitMs);
      signal.clear();
      const claimed = await sendBatch();
      mayBeMoreDue = claimed === batchSize;
      if (!claimed) {
        // Retries recorded by another instance: sleep no longer than until the next one is due.
        const nextDueMs = await msUntilNextMailDue(handle.db);
        if (nextDueMs !== null && nextDueMs < idleWaitMs) signal.wakeIn(nextDueMs);
      }
      return true;
    },
  };

  return { sendBatch, loop };
}
