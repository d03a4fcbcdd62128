import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { clients, locations, partners } from './tenancy';

/** Asymmetric signing keys (docs/contract.md#access-tokens); retired keys stay published until their last token expired. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: createdAtColumn(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  publishedUntil: timestamp('published_until', { withTimezone: true }),
});

export const grantKind = pgEnum('grant_kind', ['DEVICE_CODE', 'CLIENT_CREDENTIALS']);

/** Every access token belongs to a grant; revoking the grant revokes all its tokens at once. */
export const grants = pgTable(
  'grants',
  {
    id: text('id').primaryKey(),
    kind: grantKind('kind').notNull(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    /** The merchant user who approved a device grant. */
    approvedByUserId: text('approved_by_user_id'),
    /** The `aud` its tokens carry, kept so refreshed tokens keep the audience first requested. */
    audience: text('audience'),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('grants_partner_idx').on(t.partnerId)],
);

/** Individually revoked access tokens (RFC 7009), kept until they would have expired anyway. */
export const revokedAccessTokens = pgTable('revoked_access_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The locations a merchant approved for a device grant; its tokens name exactly these (docs/contract.md#device-flow). */
export const grantLocations = pgTable(
  'grant_locations',
  {
    grantId: text('grant_id')
      .notNull()
      .references(() => grants.id),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
  },
  (t) => [primaryKey({ columns: [t.grantId, t.locationId] }), index('grant_locations_location_idx').on(t.locationId)],
);

export const deviceAuthorizationStatus = pgEnum('device_authorization_status', ['PENDING', 'APPROVED', 'DENIED']);

/**
 * RFC 8628 device authorizations. The device code is stored only as a digest (STYLE.md habit 7); the user code is
 * kept normalised (8 characters, no dash) because the merchant types it back.
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: text('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull(),
    userCode: text('user_code').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    audience: text('audience').notNull(),
    status: deviceAuthorizationStatus('status').notNull().default('PENDING'),
    /** Seconds the device must wait between polls; each slow_down adds 5 (RFC 8628 §3.5). */
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    grantId: text('grant_id').references(() => grants.id),
    decidedByUserId: text('decided_by_user_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Set when the tokens were handed out: a device code yields tokens once. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('device_authorizations_device_code_idx').on(t.deviceCodeHash), uniqueIndex('device_authorizations_user_code_idx').on(t.userCode)],
);

/** Rotating refresh tokens (digest only). A used token presented again revokes its whole grant (docs/contract.md#device-flow). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    grantId: text('grant_id')
      .notNull()
      .references(() => grants.id),
    createdAt: createdAtColumn(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_token_idx').on(t.tokenHash), index('refresh_tokens_grant_idx').on(t.grantId)],
);
