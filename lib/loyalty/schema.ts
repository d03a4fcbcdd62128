import { z } from 'zod';
import type { EventType, ResourceKind } from '@/lib/events/event-types';
import { moneyPositiveAmountSchema } from '@/lib/money';
import { salePaymentSchema, saleResponseSchema } from '@/lib/sales/schema';

// Shapes and names follow the Tyro Connect-compatible Loyalty API 0.9 (docs/contract.md#loyalty).
// Every cross-field rule runs even when other fields already failed (`when`), so a partner sees
// every violation of a request at once (docs/contract.md#errors).
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const whenObject = { when: (payload: { value: unknown }) => isRecord(payload.value) };

/** A string whose absence is reported as `message` instead of zod's generic type error. */
const requiredString = (message: string) => z.string({ error: (issue) => (issue.input === undefined ? message : undefined) });

export const PAYMENT_SOURCES = ['EFTPOS', 'ONLINE'] as const;
export const PAYMENT_TYPES = ['PURCHASE', 'REFUND', 'CASHOUT', 'OPEN_PRE_AUTH', 'CLOSE_PRE_AUTH', 'VOID'] as const;
export const PAYMENT_MODES = ['INTEGRATED', 'STANDALONE', 'NOT_APPLICABLE'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
export type PaymentType = (typeof PAYMENT_TYPES)[number];

// docs/contract.md#tenancy: a locationId is a globally unique string of at most 50 characters.
const locationIdSchema = z.string().min(1).max(50).describe("Identifier of the merchant's location.");
const memberOriginSchema = z.object({
  memberId: requiredString('origin.memberId is required')
    .min(1, 'origin.memberId is required')
    .describe("The member's identifier in the loyalty partner's app."),
});

// ---------- Merchant onboarding (GET/POST /locations/merchant-onboarding/loyalty/{onboardingReference}) ----------

export const ONBOARDING_STATUSES = ['IN_PROGRESS', 'COMPLETED'] as const;
export const ONBOARDING_INTEGRATION_STATUSES = ['PENDING', 'SUCCESS', 'REJECTED_BY_PARTNER'] as const;

export const merchantOnboardingRequestResponseSchema = z
  .object({
    onboardingId: z.string().describe('The onboardingReference of this request.'),
    tcLocationId: z.string().describe('The locationId being onboarded.'),
    status: z.enum(ONBOARDING_STATUSES).describe('Overall status of the onboarding request.'),
    locationDetails: z
      .object({
        name: z.string().optional(),
        address: z.string().optional(),
        postcode: z.string().optional(),
        countryIsoCode: z.string().optional().describe('ISO 3166-1 alpha-3 code, e.g. AUS.'),
        timezone: z.string().optional().describe('IANA time zone, e.g. Australia/Sydney.'),
        phoneNumber: z.string().optional(),
      })
      .optional(),
    businessDetails: z.object({
      abn: z.string().describe('Australian Business Number of the merchant.'),
      entityName: z.string().optional(),
      address: z.string(),
      postcode: z.string(),
      countryIsoCode: z.string(),
    }),
    integrations: z
      .array(
        z.object({
          name: z.string().describe('Name of the integration, e.g. `loyalty`.'),
          status: z.enum(ONBOARDING_INTEGRATION_STATUSES),
        }),
      )
      .describe('Each integration of the request and its onboarding status.'),
  })
  .meta({ id: 'MerchantOnboardingRequest', description: 'A merchant location asking to join a loyalty program.' });

export type MerchantOnboardingRequestResponse = z.output<typeof merchantOnboardingRequestResponseSchema>;

export const merchantOnboardingDecisionRequestSchema = z
  .discriminatedUnion(
    'action',
    [
      z.object({
        action: z.literal('APPROVE'),
        loyaltyProgramId: requiredString('loyaltyProgramId is required when action is APPROVE')
          .regex(/\S/, 'loyaltyProgramId is required when action is APPROVE')
          .describe('The loyalty program the location joins.'),
        signUpUrl: z
          .url({ protocol: /^https?$/, error: 'signUpUrl must be an http(s) URL' })
          .optional()
          .describe("Counterpart extension: the program's sign-up page; loyalty terminals show it as a QR code to unregistered customers."),
      }),
      z.object({
        action: z.literal('REJECT'),
        // The reference: "An optional reason for the rejection". A blank one is kept as none.
        reason: z.string().trim().optional().describe('Why the merchant location is rejected (optional).'),
      }),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? 'action must be one of APPROVE, REJECT' : undefined) },
  )
  .meta({ id: 'MerchantOnboardingDecisionRequest', description: "The loyalty partner's decision on an onboarding request." });

export type MerchantOnboardingDecision = z.output<typeof merchantOnboardingDecisionRequestSchema>;

// ---------- Members (POST/DELETE /loyalty/members) ----------

/** The reference's anyOf: at least one of paymentId and memberReference; both may be sent. */
export const registerMemberRequestSchema = z
  .object({
    origin: memberOriginSchema,
    locationId: locationIdSchema,
    paymentId: z.string().min(1).optional().describe('Id of a payment made with the card at that location within the last 60 minutes.'),
    memberReference: z.string().min(1).optional().describe("Reference of an unregistered customer, from the terminal's sign-up QR code or a test payment."),
  })
  .superRefine((request, ctx) => {
    if (request.paymentId === undefined && request.memberReference === undefined) {
      ctx.addIssue({ code: 'custom', path: ['paymentId'], message: 'paymentId or memberReference is required' });
    }
  }, whenObject)
  .meta({ id: 'RegisterMemberRequest', description: "Links a customer's payment card to a loyalty member." });

export type RegisterMemberRequest = z.output<typeof registerMemberRequestSchema>;

export const deregisterMemberRequestSchema = z
  .object({ origin: memberOriginSchema })
  .meta({ id: 'DeregisterMemberRequest', description: 'Removes a member, and every card of it, from the loyalty program.' });

export const deregisterMemberCardRequestSchema = z
  .object({ origin: memberOriginSchema })
  .meta({ id: 'DeregisterMemberCardRequest', description: 'The member whose registered card is removed.' });

export type DeregisterMemberRequest = z.output<typeof deregisterMemberRequestSchema>;

// ---------- Registered card (GET /loyalty/registered-cards/{registeredCardId}) ----------

export const registeredCardResponseSchema = z
  .object({
    id: z.string().describe('Id of the registered card.'),
    paymentId: z.string().describe('Id of the payment that linked the card.'),
    paymentSource: z.enum(PAYMENT_SOURCES),
    origin: z.object({ memberId: z.string() }),
    preAccumulatedReward: z.int().min(0).describe('Reward the card earned while unregistered, carried in at sign-up.'),
  })
  .meta({ id: 'RegisteredCard', description: 'A payment card linked to a member.' });

export type RegisteredCardResponse = z.output<typeof registeredCardResponseSchema>;

// ---------- Loyalty activity (GET /loyalty/activities/{loyaltyActivityId}) ----------

/**
 * The sale of a loyalty activity as the loyalty reference has it: a Sales API sale that is closed and says everything
 * the reference's `sale` requires, which the Sales API leaves optional (`staff`, `tax`, the POS's `origin.locationId`,
 * an EFTPOS payment's `acquirer.terminalId`), and keeps to the reference's narrower lists (type SALE, REFUND or VOID;
 * payment methods EFTPOS, CASH, GIFT_CARD or POINTS).
 */
export const loyaltySaleSchema = saleResponseSchema
  .extend({
    origin: z.object({
      saleId: z.string().describe("The POS's own id of the sale."),
      locationId: z.string().min(1).describe('The id of the store according to the POS.'),
    }),
    type: z.enum(['SALE', 'REFUND', 'VOID']),
    status: z.literal('CLOSED'),
    closedZonedDateTime: z.string().describe('When the sale was closed on the POS (RFC 3339).'),
    staff: z.object({ id: z.string().min(1).describe("The staff member's POS id, never their name.") }),
    tax: moneyPositiveAmountSchema.describe('Total tax collected for this sale by the merchant.'),
    payments: z.array(
      z.object({
        ...salePaymentSchema.shape,
        method: z.enum(['EFTPOS', 'CASH', 'GIFT_CARD', 'POINTS']),
        acquirer: z
          .object({ name: z.string(), transactionReference: z.string(), terminalId: z.string() })
          .optional()
          .describe('The financial institution that processed the payment; only for method EFTPOS.'),
      }),
    ),
  })
  .meta({ id: 'LoyaltySale', description: 'The sale a loyalty activity’s payment belongs to, as the loyalty reference has it.' });

export type LoyaltySale = z.output<typeof loyaltySaleSchema>;

export const loyaltyActivityResponseSchema = z
  .object({
    id: z.string(),
    locationId: z.string(),
    memberId: z.string().describe('The origin.memberId given at registration.'),
    payment: z.object({
      origin: z.object({ paymentId: z.string(), paymentSource: z.enum(PAYMENT_SOURCES) }),
      type: z.enum(PAYMENT_TYPES),
      mode: z.enum(PAYMENT_MODES).optional().describe('EFTPOS integration type; NOT_APPLICABLE for ONLINE payments.'),
      zonedDateTime: z.iso.datetime({ offset: true }),
      breakdown: z.object({
        goodsAndServices: moneyPositiveAmountSchema,
        cashout: moneyPositiveAmountSchema,
        tip: moneyPositiveAmountSchema,
        surcharge: moneyPositiveAmountSchema,
      }),
      total: moneyPositiveAmountSchema.describe('Total paid by the cardholder.'),
    }),
    // The sale is the Sales API resource as GET /sales/{id} publishes it, when it is a LoyaltySale; else null.
    sale: loyaltySaleSchema
      .nullable()
      .describe(
        'The sale the payment belongs to, or null: the latest CLOSED sale recorded at the activity’s location with an EFTPOS payment whose `acquirer.transactionReference` is this payment’s `paymentId` and whose `goodsAndServicesAmount` equals its goods and services amount, when that sale says all the loyalty reference requires (`staff`, `tax`, `origin.locationId`, `acquirer.terminalId`; type SALE, REFUND or VOID; payments by EFTPOS, CASH, GIFT_CARD or POINTS). Looked up when the activity is read, so a sale recorded after the payment shows once it is closed.',
      ),
  })
  .meta({ id: 'LoyaltyActivity', description: 'A payment made with a registered card at an activated location.' });

export type LoyaltyActivityResponse = z.output<typeof loyaltyActivityResponseSchema>;

// ---------- Test payments (POST /payments/test) ----------

// Not z.int(): zod stops every cross-field rule of the object after a fractional number, which would hide
// violations; a refinement reports the same problem and lets the rest run (docs/contract.md#errors).
// Stored as 32-bit integers; a bound keeps an absurd amount a 400 rather than a database error.
const MAX_CENTS = 1_000_000_000;
const centsSchema = z
  .number()
  .min(0)
  .max(MAX_CENTS, `must be at most ${MAX_CENTS} cents`)
  .refine(Number.isSafeInteger, 'must be a whole number of cents')
  .meta({ type: 'integer' })
  .default(0)
  .describe('Amount in cents.');

export const createTestPaymentRequestSchema = z
  .object({
    locationId: locationIdSchema,
    paymentType: z.enum(PAYMENT_TYPES),
    paymentSource: z.enum(PAYMENT_SOURCES),
    goodsAndServicesAmount: centsSchema,
    tipAmount: centsSchema,
    surchargeAmount: centsSchema,
    cashoutAmount: centsSchema,
    memberId: z.string().min(1).nullable().optional().describe('A registered member, or null for a customer who is not one.'),
    memberReference: z.string().min(1).optional().describe('A returning non-member, from an earlier test payment.'),
    useNewCard: z.boolean().default(false).describe('Pay with a card the member has not used before (NEW_REGISTERED_CARD).'),
    terminal: z
      .object({ series: z.string().trim().min(1).describe('Terminal series, e.g. PRO.') })
      .optional()
      .describe('Simulates a payment on a terminal of that series (on-terminal loyalty).'),
  })
  .superRefine((payment, ctx) => {
    if (payment.memberId === undefined && payment.memberReference === undefined) {
      ctx.addIssue({ code: 'custom', path: ['memberId'], message: 'memberId (null for a non-member) or memberReference is required' });
    }
    if (typeof payment.memberId === 'string' && payment.memberReference !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['memberReference'], message: 'memberReference identifies a non-member; send it without a memberId' });
    }
    if (payment.useNewCard === true && typeof payment.memberId !== 'string') {
      ctx.addIssue({ code: 'custom', path: ['useNewCard'], message: 'useNewCard applies only to a payment by a registered member (memberId)' });
    }
  }, whenObject)
  .meta({ id: 'CreateTestPaymentRequest', description: 'A simulated card payment for testing a loyalty integration.' });

export type CreateTestPaymentRequest = z.output<typeof createTestPaymentRequestSchema>;

/** Who pays in a test payment: the three branches of the reference's anyOf. */
export type TestPaymentCustomer =
  { kind: 'MEMBER'; memberId: string; useNewCard: boolean } | { kind: 'NEW_NON_MEMBER' } | { kind: 'RETURNING_NON_MEMBER'; memberReference: string };

export function testPaymentCustomer(payment: CreateTestPaymentRequest): TestPaymentCustomer {
  if (typeof payment.memberId === 'string') return { kind: 'MEMBER', memberId: payment.memberId, useNewCard: payment.useNewCard };
  if (payment.memberReference !== undefined) return { kind: 'RETURNING_NON_MEMBER', memberReference: payment.memberReference };
  return { kind: 'NEW_NON_MEMBER' };
}

export const terminalDisplaySchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('REWARD_EARNED'),
      reward: z.int().min(0).describe('Reward the registered member earned with this payment.'),
      message: z.string(),
    }),
    z.object({
      type: z.literal('SIGN_UP'),
      memberReference: z.string(),
      signUpUrl: z.url().describe('Link shown as a QR code; it carries the memberReference.'),
      message: z.string(),
    }),
  ])
  .meta({ id: 'TerminalDisplay', description: 'What a loyalty-enabled terminal shows after the payment.' });

export type TerminalDisplay = z.output<typeof terminalDisplaySchema>;

export const testPaymentResponseSchema = z
  .object({
    paymentId: z.string().describe('Use it as paymentId to register a member within 60 minutes.'),
    memberId: z.string().optional().describe('The member who paid, as sent.'),
    memberReference: z.string().optional().describe('Identifies this non-member in later test payments and at sign-up.'),
    loyaltyActivityId: z.string().optional().describe('The loyalty activity the payment generated, if any.'),
    terminalDisplay: terminalDisplaySchema.optional().describe('Present when the payment was on a loyalty-enabled terminal.'),
  })
  .superRefine((payment, ctx) => {
    if ((payment.memberId === undefined) === (payment.memberReference === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['memberId'], message: 'exactly one of memberId and memberReference is returned' });
    }
  }, whenObject)
  .meta({ id: 'TestPayment', description: 'The test payment that was made.' });

export type TestPaymentResponse = z.output<typeof testPaymentResponseSchema>;

// ---------- What loyalty events reference (docs/contract.md#events `data`) ----------

/** Each loyalty event type, the resource its `data` points at, and the public shape a partner then fetches. */
export const loyaltyEventResources = {
  NEW_LOYALTY_ACTIVITY: { resource: 'loyalty-activity', schema: loyaltyActivityResponseSchema },
  NEW_REGISTERED_CARD: { resource: 'registered-card', schema: registeredCardResponseSchema },
  NEW_ONBOARDING_REQUEST: { resource: 'onboarding-request', schema: merchantOnboardingRequestResponseSchema },
} as const satisfies Record<LoyaltyEventType, { resource: ResourceKind; schema: z.ZodType }>;

export type LoyaltyEventType = Extract<EventType, 'NEW_LOYALTY_ACTIVITY' | 'NEW_REGISTERED_CARD' | 'NEW_ONBOARDING_REQUEST'>;
