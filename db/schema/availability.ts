import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from './columns';
import { locations } from './tenancy';

/**
 * docs/contract.md#availability: a location's opening hours, special days, pause and busy mode, and its POS-offline rule.
 * A location without a row is open at all times with the rule at its defaults; the row is made on the first change.
 * `published` is the state last told to partners, so the scheduler emits a change once: it claims the row (FOR UPDATE
 * SKIP LOCKED) when `next_check_at` is due and emits only when the state it finds differs from `published`.
 */
export const locationAvailability = pgTable(
  'location_availability',
  {
    locationId: text('location_id')
      .primaryKey()
      .references(() => locations.id),
    /** Weekly ranges `[{day, opens, closes}]`; null: no hours set, open at all times. */
    hours: jsonb('hours'),
    /** `[{date, closed, hours?, note?}]`, days past are dropped on the next change. */
    specialDays: jsonb('special_days').notNull().default([]),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseUntil: timestamp('pause_until', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    /** MERCHANT or POS. */
    pausedBy: text('paused_by'),
    busyMinutes: integer('busy_minutes'),
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    posOfflinePause: boolean('pos_offline_pause').notNull().default(true),
    posOfflineAfterSeconds: integer('pos_offline_after_seconds').notNull().default(120),
    /** The POS-offline episode (the location's lastOnlineAt) the scheduler has already looked at. */
    posOfflineSeenFor: timestamp('pos_offline_seen_for', { withTimezone: true }),
    /** `data.version` of LOCATION_AVAILABILITY_UPDATED. */
    version: integer('version').notNull().default(0),
    published: jsonb('published'),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('location_availability_next_check_idx').on(t.nextCheckAt)],
);
