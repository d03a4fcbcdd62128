import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, versionColumn } from './columns';
import { locations, loyaltyPrograms, merchants, partners, users } from './tenancy';

export const loyaltyOnboardingStatus = pgEnum('loyalty_onboarding_status', ['IN_PROGRESS', 'COMPLETED']);
export const loyaltyOnboardingIntegrationStatus = pgEnum('loyalty_onboarding_integration_status', ['PENDING', 'SUCCESS', 'REJECTED_BY_PARTNER']);
export const loyaltyPaymentSource = pgEnum('loyalty_payment_source', ['EFTPOS', 'ONLINE']);
export const loyaltyPaymentType = pgEnum('loyalty_payment_type', ['PURCHASE', 'REFUND', 'CASHOUT', 'OPEN_PRE_AUTH', 'CLOSE_PRE_AUTH', 'VOID']);
export const loyaltyPaymentMode = pgEnum('loyalty_payment_mode', ['INTEGRATED', 'STANDALONE', 'NOT_APPLICABLE']);

export interface OnboardingLocationDetails {
  name?: string;
  address?: string;
  postcode?: string;
  countryIsoCode?: string;
  timezone?: string;
  phoneNumber?: string;
}

export interface OnboardingBusinessDetails {
  abn: string;
  entityName?: string;
  address: string;
  postcode: string;
  countryIsoCode: string;
}

/**
 * A merchant asking a loyalty partner to activate loyalty at a location (docs/domain.md#loyalty). The location and business
 * details are a snapshot of what the merchant submitted, so the partner reviews what was asked. A location has at
 * most one undecided request; after a rejection the merchant may ask again with a new request.
 */
export const loyaltyOnboardingRequests = pgTable(
  'loyalty_onboarding_requests',
  {
    onboardingReference: text('onboarding_reference').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    status: loyaltyOnboardingStatus('status').notNull().default('IN_PROGRESS'),
    integrationStatus: loyaltyOnboardingIntegrationStatus('integration_status').notNull().default('PENDING'),
    locationDetails: jsonb('location_details').$type<OnboardingLocationDetails>().notNull(),
    businessDetails: jsonb('business_details').$type<OnboardingBusinessDetails>().notNull(),
    requestedByUserId: text('requested_by_user_id').references(() => users.id),
    loyaltyProgramId: text('loyalty_program_id').references(() => loyaltyPrograms.id),
    rejectionReason: text('rejection_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    version: versionColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('loyalty_onboarding_pending_location_idx')
      .on(t.locationId)
      .where(sql`integration_status = 'PENDING'`),
    index('loyalty_onboarding_partner_idx').on(t.partnerId, t.createdAt),
    index('loyalty_onboarding_location_idx').on(t.locationId, t.createdAt),
  ],
);

/** An approved onboarding: loyalty activity is generated at the location for this partner (one partner per location). */
export const loyaltyActivations = pgTable(
  'loyalty_activations',
  {
    locationId: text('location_id')
      .primaryKey()
      .references(() => locations.id),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    loyaltyProgramId: text('loyalty_program_id')
      .notNull()
      .references(() => loyaltyPrograms.id),
    onboardingReference: text('onboarding_reference')
      .notNull()
      .references(() => loyaltyOnboardingRequests.onboardingReference),
    /** Where the terminal's sign-up QR code sends an unregistered customer; the program may have none. */
    signUpUrl: text('sign_up_url'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loyalty_activations_partner_idx').on(t.partnerId)],
);

/** docs/domain.md#unregistered-rewards: a merchant can configure a reward limit for unregistered members; set per location. */
export const loyaltyRewardLimits = pgTable('loyalty_reward_limits', {
  locationId: text('location_id')
    .primaryKey()
    .references(() => locations.id),
  unregisteredRewardLimit: integer('unregistered_reward_limit'),
  updatedAt: updatedAtColumn(),
});

/** A loyalty partner's member, known by the partner's own `origin.memberId`. */
export const loyaltyMembers = pgTable(
  'loyalty_members',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    memberId: text('member_id').notNull(),
    /** How many cards test payments have issued to this member (`useNewCard`), so each new card is a different one. */
    cardsIssued: integer('cards_issued').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('loyalty_members_partner_member_idx').on(t.partnerId, t.memberId)],
);

/** docs/contract.md#loyalty: a card is known only by its keyed fingerprint and last four digits. */
export const loyaltyRegisteredCards = pgTable(
  'loyalty_registered_cards',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    memberRowId: text('member_row_id')
      .notNull()
      .references(() => loyaltyMembers.id, { onDelete: 'cascade' }),
    cardFingerprint: text('card_fingerprint').notNull(),
    lastFour: text('last_four').notNull(),
    paymentId: text('payment_id').notNull(),
    paymentSource: loyaltyPaymentSource('payment_source').notNull(),
    preAccumulatedReward: integer('pre_accumulated_reward').notNull().default(0),
    /**
     * When the card was announced (NEW_REGISTERED_CARD): at registration; for a card registered before registration
     * announced it, at its first payment at an activated location.
     */
    firstUsedAt: timestamp('first_used_at', { withTimezone: true }),
    version: versionColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('loyalty_cards_partner_fingerprint_idx').on(t.partnerId, t.cardFingerprint), index('loyalty_cards_member_idx').on(t.memberRowId)],
);

/** A card payment at a location (only test payments exist in this service); the card number itself is never kept. */
export const loyaltyPayments = pgTable(
  'loyalty_payments',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    cardFingerprint: text('card_fingerprint').notNull(),
    lastFour: text('last_four').notNull(),
    paymentType: loyaltyPaymentType('payment_type').notNull(),
    paymentSource: loyaltyPaymentSource('payment_source').notNull(),
    mode: loyaltyPaymentMode('mode').notNull(),
    currency: text('currency').notNull().default('AUD'),
    goodsAndServicesAmount: integer('goods_and_services_amount').notNull(),
    tipAmount: integer('tip_amount').notNull(),
    surchargeAmount: integer('surcharge_amount').notNull(),
    cashoutAmount: integer('cashout_amount').notNull(),
    terminalSeries: text('terminal_series'),
    createdByPartnerId: text('created_by_partner_id').references(() => partners.id),
    createdAt: createdAtColumn(),
  },
  (t) => [index('loyalty_payments_location_idx').on(t.locationId, t.createdAt)],
);

/** An unregistered customer: the memberReference that ties a card's payments to a later sign-up. */
export const loyaltyMemberReferences = pgTable(
  'loyalty_member_references',
  {
    memberReference: text('member_reference').primaryKey(),
    cardFingerprint: text('card_fingerprint').notNull(),
    lastFour: text('last_four').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('loyalty_member_references_fingerprint_idx').on(t.cardFingerprint)],
);

/** docs/domain.md#unregistered-rewards: an unregistered customer's pre-accumulated reward with a loyalty partner, carried into the balance at sign-up. */
export const loyaltyUnregisteredBalances = pgTable(
  'loyalty_unregistered_balances',
  {
    memberReference: text('member_reference')
      .notNull()
      .references(() => loyaltyMemberReferences.memberReference),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    accumulatedReward: integer('accumulated_reward').notNull().default(0),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.memberReference, t.partnerId] })],
);

/** A payment by a registered card at an activated location, for the member's loyalty partner. */
export const loyaltyActivities = pgTable(
  'loyalty_activities',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    paymentId: text('payment_id')
      .notNull()
      .references(() => loyaltyPayments.id),
    /** The member as the partner named it, kept when the member or card is later deregistered. */
    memberId: text('member_id').notNull(),
    registeredCardId: text('registered_card_id'),
    version: versionColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('loyalty_activities_partner_idx').on(t.partnerId, t.createdAt), index('loyalty_activities_payment_idx').on(t.paymentId)],
);
