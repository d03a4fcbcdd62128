import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sales } from '@/db/schema';
import { notFound } from '@/lib/errors';
import { inScope, type ScopedCaller } from '@/lib/tenancy/scope';
import type { SaleRow } from './sale-record';

/**
 * docs/contract.md#events sends sale events to every POS and app connected to the sale's location, so each whose token reaches
 * that location may read the sale; any other sale is answered 404, as if it did not exist (docs/contract.md#scope).
 */
export async function findVisibleSale(db: Executor, caller: ScopedCaller, saleId: string, options: { lock?: boolean } = {}): Promise<SaleRow> {
  const query = db
    .select()
    .from(sales)
    .where(and(eq(sales.id, saleId), inScope(db, caller, sales.locationId)));
  const [row] = options.lock ? await query.for('update', { of: sales }) : await query;
  if (!row) throw notFound('Sale');
  return row;
}
