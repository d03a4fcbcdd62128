import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { connections, sales } from '@/db/schema';
import type { PartnerPrincipal } from '@/lib/auth/access-tokens';
import { notFound } from '@/lib/http/errors';
import type { SaleRow } from './sale-record';

export type SaleCaller = Pick<PartnerPrincipal, 'partnerId'>;

/**
 * CONTRACT §7 sends sale events to every POS and app connected to the sale's location, so each of them may read the
 * sale; a sale of any other location is answered 404, as if it did not exist (CONTRACT §3).
 */
export function connectedToSaleLocation(db: Executor, caller: SaleCaller): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(connections)
      .where(and(eq(connections.partnerId, caller.partnerId), eq(connections.locationId, sales.locationId))),
  );
}

export async function findVisibleSale(db: Executor, caller: SaleCaller, saleId: string, options: { lock?: boolean } = {}): Promise<SaleRow> {
  const query = db.select().from(sales).where(and(eq(sales.id, saleId), connectedToSaleLocation(db, caller)));
  const [row] = options.lock ? await query.for('update', { of: sales }) : await query;
  if (!row) throw notFound('Sale');
  return row;
}
