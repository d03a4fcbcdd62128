import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * Alerts sent to a partner's developers about one of its webhook endpoints (lib/ops/endpoint-alerts.ts). The key
 * names the endpoint, the kind and the day, so each is sent at most once a day whichever instance notices first: the
 * instance whose insert wins queues the mail in the same transaction.
 */
export const endpointAlerts = pgTable(
  'endpoint_alerts',
  {
    dedupeKey: text('dedupe_key').primaryKey(),
    endpointId: text('endpoint_id').notNull(),
    partnerId: text('partner_id').notNull(),
    /** FAILING (every attempt failed for an hour) or DISABLED. */
    kind: text('kind').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('endpoint_alerts_created_idx').on(t.createdAt)],
);
