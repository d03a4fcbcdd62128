import { integer, timestamp } from 'drizzle-orm/pg-core';

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** docs/contract.md#events: `data.version` counts a resource's changes (1, 2, 3 …). */
export const versionColumn = () => integer('version').notNull().default(1);
