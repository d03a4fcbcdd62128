import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/** Process-wide generated values that every instance must share (e.g. the dashboard session secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAtColumn(),
});
