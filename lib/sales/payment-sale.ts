import { and, arrayContains, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sales } from '@/db/schema';
import { saleResource } from './sale-record';
import type { SaleResponse } from './schema';

/** A card payment as the loyalty domain knows it: where it was made, its id and what it paid for goods and services. */
export interface CardPayment {
  locationId: string;
  paymentId: string;
  goodsAndServices: { amount: number; currency: string };
}

/**
 * The sale a card payment belongs to (docs/domain.md#loyalty: the Loyalty event carries "potentially sales data"): the latest CLOSED sale
 * recorded at the payment's location with an EFTPOS payment whose `acquirer.transactionReference` is the payment's id and
 * whose `goodsAndServicesAmount` is the payment's. Only the location's own sales are searched, so another merchant's sale
 * never matches; a reopened sale repeats its parent's payments, and the latest of the chain is the one that counts.
 */
export async function findSaleOfPayment(db: Executor, payment: CardPayment): Promise<SaleResponse | null> {
  const paid = { payments: [{ method: 'EFTPOS', acquirer: { transactionReference: payment.paymentId }, goodsAndServicesAmount: payment.goodsAndServices }] };
  const [row] = await db
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.locationId, payment.locationId),
        eq(sales.status, 'CLOSED'),
        arrayContains(sales.paymentReferences, [payment.paymentId]),
        // One payment entry must carry both the reference and the amount.
        sql`${sales.content} @> ${JSON.stringify(paid)}::jsonb`,
      ),
    )
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(1);
  return row ? saleResource(row) : null;
}
