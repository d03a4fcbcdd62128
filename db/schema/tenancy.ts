import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAtColumn as createdAt } from './columns';

export const partnerType = pgEnum('partner_type', ['POS', 'ORDERING_APP', 'BOOKING_APP', 'LOYALTY']);
// docs/contract.md#tenancy: a merchant's members are owners, managers or staff; partners have reviewers and developers.
export const userRole = pgEnum('user_role', ['OWNER', 'MANAGER', 'STAFF', 'LOYALTY_PARTNER', 'PARTNER_DEVELOPER', 'ADMIN']);

export const merchants = pgTable(
  'merchants',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** A partner's sandbox merchant (lib/sandbox): owned by that partner, never counted or listed with real merchants. */
    sandboxPartnerId: text('sandbox_partner_id').references((): AnyPgColumn => partners.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('merchants_sandbox_partner_idx').on(t.sandboxPartnerId)],
);

// docs/contract.md#tenancy: locationId is a globally unique string of at most 50 characters.
export const locations = pgTable(
  'locations',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    timezone: text('timezone').notNull().default('Australia/Sydney'),
    lastOnlineAt: timestamp('last_online_at', { withTimezone: true }),
    /** The orders board colours a ticket amber after this many minutes in one step, */
    ticketWarnMinutes: integer('ticket_warn_minutes').notNull().default(5),
    /** and red after this many. */
    ticketLateMinutes: integer('ticket_late_minutes').notNull().default(10),
    createdAt: createdAt(),
  },
  (t) => [index('locations_merchant_idx').on(t.merchantId)],
);

export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: partnerType('type').notNull(),
  /** A disabled partner's clients are revoked and its webhook endpoints disabled. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The simulated counterpart of a partner's sandbox (lib/sandbox): that partner's id; null for every real partner. */
  sandboxPartnerId: text('sandbox_partner_id').references((): AnyPgColumn => partners.id),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull(),
    merchantId: text('merchant_id').references(() => merchants.id),
    partnerId: text('partner_id').references(() => partners.id),
    // Set when an operator disables the user: no sign-in, and every session ended (lib/tenancy/users.ts).
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email)],
);

// A merchant member restricted to some of the merchant's locations: one row per location it reaches. A member with no
// row reaches every location of its merchant (lib/tenancy/scope.ts decides).
export const memberLocations = pgTable(
  'member_locations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.locationId] }), index('member_locations_location_idx').on(t.locationId)],
);

// An owner's (or operator's) invitation to join a merchant: the link is a single-use token (one_time_tokens, purpose
// `invitation`, subject = this row); accepting it makes the user with this role and these locations (empty: all).
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    email: text('email').notNull(),
    role: userRole('role').notNull(),
    locationIds: text('location_ids').array().notNull().default([]),
    /** Null when an operator invited the first owner. */
    invitedByUserId: text('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The current link's expiry (a resend issues a new link and moves it). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('invitations_merchant_idx').on(t.merchantId), index('invitations_email_idx').on(t.email)],
);

// A signed-in dashboard browser. The session cookie carries the id; the row holds only its digest, so a database dump
// names no usable session. Signing out deletes the row, and ending all of a user's sessions deletes them all, so a
// copied cookie stops working at once instead of when it expires.
export const dashboardSessions = pgTable(
  'dashboard_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dashboard_sessions_user_idx').on(t.userId), index('dashboard_sessions_expires_idx').on(t.expiresAt)],
);

// STYLE.md habit 7: a client secret is stored as a hash and shown once.
export const clients = pgTable(
  'clients',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    secretHash: text('secret_hash'),
    /** Secret rotation with a grace period: the previous secret keeps working until it expires. */
    previousSecretHash: text('previous_secret_hash'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** A revoked client gets no token, and every grant it held was revoked with it. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('clients_client_id_idx').on(t.clientId), index('clients_partner_idx').on(t.partnerId)],
);

// docs/contract.md#scope: a partner reaches a location only through a connection to it.
export const connections = pgTable(
  'connections',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('connections_partner_location_idx').on(t.partnerId, t.locationId), index('connections_location_idx').on(t.locationId)],
);

export const loyaltyPrograms = pgTable(
  'loyalty_programs',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    loyaltyProgramId: text('loyalty_program_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('loyalty_programs_partner_program_idx').on(t.partnerId, t.loyaltyProgramId)],
);
