import { index, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';
import { clients, partners } from './tenancy';

/** Asymmetric signing keys (CONTRACT §3); retired keys stay published until their last token expired. */
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
