import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Rate-limit and lockout counters when Counterpart runs on PostgreSQL, so every instance counts against one published
 * limit. The columns are the ones rate-limiter-flexible's PostgreSQL store reads and writes: `key` is the limiter's
 * name and the counted key, `points` what was spent in the window, `expire` the window's end in epoch milliseconds.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
