import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations, loyaltyActivities, loyaltyPayments } from '@/db/schema';
import { emitEvent } from '@/lib/events/outbox';
import { ApiError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { findSaleOfPayment } from '@/lib/sales/payment-sale';
import { loyaltyActivityResponseSchema, loyaltySaleSchema, type LoyaltyActivityResponse, type LoyaltySale } from './schema';
import { zonedDateTime } from './zoned-date-time';

type PaymentRow = typeof loyaltyPayments.$inferSelect;

/**
 * docs/domain.md#loyalty: a registered card used at an activated location generates a loyalty activity and a Loyalty event
 * (NEW_LOYALTY_ACTIVITY) to the member's partner, committed with the payment.
 */
export async function createLoyaltyActivity(
  tx: Executor,
  input: { partnerId: string; payment: PaymentRow; memberId: string; registeredCardId: string },
): Promise<string> {
  const [activity] = await tx
    .insert(loyaltyActivities)
    .values({
      id: newId(),
      partnerId: input.partnerId,
      locationId: input.payment.locationId,
      paymentId: input.payment.id,
      memberId: input.memberId,
      registeredCardId: input.registeredCardId,
    })
    .returning();
  // A test payment stands for a cardholder's payment, not a partner's request: the partner that made it receives the
  // event like any other, which is what a test payment is for.
  await emitEvent(tx, {
    type: 'NEW_LOYALTY_ACTIVITY',
    locationId: input.payment.locationId,
    resource: 'loyalty-activity',
    resourceId: activity!.id,
    version: activity!.version,
    actorPartnerId: null,
    audience: { partnerIds: [input.partnerId] },
  });
  return activity!.id;
}

/**
 * GET /loyalty/activities/{id}: the partner's own activity; another partner's is 404. Its sale is looked up when it is
 * read, so a sale the POS records (or closes) after the payment shows once it is there, and is carried only when it is
 * whole as the loyalty reference's sale (loyaltySaleSchema).
 */
export async function getLoyaltyActivity(db: Executor, partnerId: string, loyaltyActivityId: string): Promise<LoyaltyActivityResponse> {
  const [row] = await db
    .select({ activity: loyaltyActivities, payment: loyaltyPayments, timezone: locations.timezone })
    .from(loyaltyActivities)
    .innerJoin(loyaltyPayments, eq(loyaltyPayments.id, loyaltyActivities.paymentId))
    .innerJoin(locations, eq(locations.id, loyaltyActivities.locationId))
    .where(and(eq(loyaltyActivities.id, loyaltyActivityId), eq(loyaltyActivities.partnerId, partnerId)));
  if (!row) throw new ApiError('NOT_FOUND', `No loyalty activity was found for id: ${loyaltyActivityId}`);
  const found = await findSaleOfPayment(db, {
    locationId: row.activity.locationId,
    paymentId: row.payment.id,
    goodsAndServices: { amount: row.payment.goodsAndServicesAmount, currency: row.payment.currency },
  });
  // The Sales API leaves optional what the loyalty reference's sale requires (staff, tax …): a sale without it is not
  // carried, since a partner reading the activity by the reference would refuse the activity whole.
  const sale = found ? (loyaltySaleSchema.safeParse(found).data ?? null) : null;
  return toLoyaltyActivityResponse({ ...row, sale });
}

/** The public activity (the reference's loyalty-activity), parsed through its schema so no column leaks. */
function toLoyaltyActivityResponse(row: {
  activity: typeof loyaltyActivities.$inferSelect;
  payment: PaymentRow;
  timezone: string;
  sale: LoyaltySale | null;
}): LoyaltyActivityResponse {
  const { activity, payment } = row;
  const money = (amount: number) => ({ amount, currency: payment.currency });
  return loyaltyActivityResponseSchema.parse({
    id: activity.id,
    locationId: activity.locationId,
    memberId: activity.memberId,
    payment: {
      origin: { paymentId: payment.id, paymentSource: payment.paymentSource },
      type: payment.paymentType,
      mode: payment.mode,
      zonedDateTime: zonedDateTime(payment.createdAt, row.timezone),
      breakdown: {
        goodsAndServices: money(payment.goodsAndServicesAmount),
        cashout: money(payment.cashoutAmount),
        tip: money(payment.tipAmount),
        surcharge: money(payment.surchargeAmount),
      },
      total: money(payment.goodsAndServicesAmount + payment.cashoutAmount + payment.tipAmount + payment.surchargeAmount),
    },
    sale: row.sale,
  });
}
