import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { locations, merchants, partners } from './tenancy';

/**
 * A partner's sandbox (lib/sandbox): its sandbox merchant and location, and the simulated counterpart that works it.
 * One instance at a time runs the simulator: it holds the lease (`runner`, `leaseUntil`) and renews it while the
 * sandbox is in use; `activeAt` is the last time it was asked for, so an idle sandbox's simulator stops.
 */
export const sandboxes = pgTable('sandboxes', {
  partnerId: text('partner_id')
    .primaryKey()
    .references(() => partners.id),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  locationId: text('location_id')
    .notNull()
    .references(() => locations.id),
  /** The simulated partners (a POS, or an ordering app and a booking app), each marked with partners.sandbox_partner_id. */
  simulatedPartnerIds: text('simulated_partner_ids').array().notNull(),
  activeAt: timestamp('active_at', { withTimezone: true }).notNull().defaultNow(),
  runner: text('runner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAtColumn(),
});
