import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { asDate, rowsOf, storableText } from '@/db/rows';
import { mailOutbox } from '@/db/schema';

/** A mail claimed for one attempt. */
export interface ClaimedMail {
  id: string;
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** This attempt's number (1 for the first). */
  attemptCount: number;
  createdAt: Date;
}

/**
 * Claims up to `limit` due mails and leases them for `leaseSeconds`: SKIP LOCKED keeps two instances from claiming the
 * same row at once, and the lease keeps it from being claimed again while its attempt runs.
 */
export async function claimDueMails(db: Executor, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const result = await db.execute(sql`
    with due as (
      select id from ${mailOutbox}
      where status = 'PENDING' and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update ${mailOutbox} m
    set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempt_count = m.attempt_count + 1
    from due where m.id = due.id
    returning m.id, m.recipient, m.subject, m.text_body as "textBody", m.html_body as "htmlBody",
      m.attempt_count as "attemptCount", m.created_at as "createdAt"`);
  return rowsOf<ClaimedMail>(result)
    .map((row) => ({ ...row, attemptCount: Number(row.attemptCount), createdAt: asDate(row.createdAt)! }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

export type MailOutcome = { status: 'SENT' | 'KEPT' } | { status: 'PENDING'; error: string; retryInMs: number } | { status: 'FAILED'; error: string };

/**
 * Records an attempt's outcome; only the claim that made the attempt may (its attempt number still matches), so a
 * claim whose lease ran out and was taken over cannot overwrite the newer attempt's result.
 */
export async function recordMailOutcome(db: Executor, mail: ClaimedMail, outcome: MailOutcome): Promise<void> {
  const error = 'error' in outcome ? storableText(outcome.error.slice(0, 1000)) : null;
  const retryMs = outcome.status === 'PENDING' ? outcome.retryInMs : 0;
  await db.execute(sql`
    update ${mailOutbox}
    set status = ${outcome.status}::mail_status, locked_until = null, last_error = ${error},
      next_attempt_at = case when ${outcome.status} = 'PENDING' then now() + ${retryMs} * interval '1 millisecond' else next_attempt_at end,
      completed_at = case when ${outcome.status} in ('SENT', 'KEPT') then now() else null end
    where id = ${mail.id} and attempt_count = ${mail.attemptCount} and status = 'PENDING'`);
}

/** Milliseconds until the earliest waiting retry comes due, or null when none waits. */
export async function msUntilNextMailDue(db: Executor): Promise<number | null> {
  const result = await db.execute(sql`
    select extract(epoch from min(next_attempt_at) - now()) * 1000 as "ms" from ${mailOutbox}
    where status = 'PENDING' and next_attempt_at > now()`);
  const ms = rowsOf<{ ms: number | string | null }>(result)[0]?.ms;
  return ms === null || ms === undefined ? null : Math.max(0, Math.ceil(Number(ms)));
}
