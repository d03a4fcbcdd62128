import { index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * PENDING: waiting for (another) attempt; SENT: the SMTP server accepted it; KEPT: no SMTP_URL, so the outbox is where
 * it stays (shown to admins in the console); FAILED: every retry refused, given up.
 */
export const mailStatus = pgEnum('mail_status', ['PENDING', 'SENT', 'KEPT', 'FAILED']);

/**
 * Outgoing mail, queued in the transaction of the change that causes it (STYLE.md habit 5) and sent by the mail loop,
 * which claims rows with SKIP LOCKED and a lease so several instances send each mail once.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** What the mail is for, e.g. `password-reset`: the console filters by it. */
    purpose: text('purpose').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: mailStatus('status').notNull().default('PENDING'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    /** When the SMTP server accepted it (SENT) or the outbox kept it (KEPT). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * Single-use, expiring tokens sent by mail (a password reset, an invitation): only a digest is stored (STYLE.md
 * habit 7), `purpose` keeps one kind from being spent as another, and `subjectId` names what the token acts on.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    subjectId: text('subject_id').notNull(),
    /** Whatever else the purpose needs when the token is spent. */
    payload: jsonb('payload'),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_subject_idx').on(t.purpose, t.subjectId), index('one_time_tokens_expires_idx').on(t.expiresAt)],
);
