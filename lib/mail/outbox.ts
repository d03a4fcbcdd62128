import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rowsOf, storableText } from '@/db/rows';
import { mailOutbox } from '@/db/schema';
import { newPrefixedId } from '@/lib/ids';
import type { RenderedMail } from './templates';

/** Channel the mail loop LISTENs on: a NOTIFY after a commit that queued mail wakes it at once. */
export const MAIL_CHANNEL = 'counterpart_mail';

export interface MailToSend extends RenderedMail {
  /** What the mail is for, e.g. `password-reset` (shown in the console). */
  purpose: string;
  to: string;
}

/**
 * Queues a mail inside the caller's transaction (STYLE.md habit 5): it is sent only if the change that caused it
 * commits, and a mail server that is down or slow never holds up or fails that change. The NOTIFY goes out on commit.
 */
export async function enqueueMail(db: Executor, mail: MailToSend): Promise<string> {
  const id = newPrefixedId('mail');
  await db.insert(mailOutbox).values({
    id,
    purpose: mail.purpose,
    recipient: mail.to,
    subject: storableText(mail.subject),
    textBody: storableText(mail.text),
    htmlBody: storableText(mail.html),
  });
  await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${id})`);
  return id;
}

export type MailRow = typeof mailOutbox.$inferSelect;

/** The newest mails for the operator console, optionally of one status. */
export async function listMail(db: Executor, filters: { status?: MailRow['status'] } = {}, limit = 100): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(filters.status ? eq(mailOutbox.status, filters.status) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(Math.min(limit, 500));
}

/** Finished mail (sent, kept or given up) is kept this long for the console, then deleted. */
export const MAIL_RETENTION_DAYS = 30;

/** Deletes up to `limit` finished mails older than MAIL_RETENTION_DAYS; resolves with how many went. */
export async function sweepOldMail(db: Executor, limit: number): Promise<number> {
  const result = await db.execute(sql`
    delete from ${mailOutbox} where id in (
      select id from ${mailOutbox}
      where status <> 'PENDING' and created_at < now() - make_interval(days => ${MAIL_RETENTION_DAYS})
      order by created_at limit ${limit}
    ) returning id`);
  return rowsOf(result).length;
}
