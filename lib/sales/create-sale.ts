import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sales } from '@/db/schema';
import { ApiError, conflict } from '@/lib/http/errors';
import { newId } from '@/lib/ids';
import type { ChangeActor } from '@/lib/tables/table-events';
import { assertInScope, type ScopedCaller } from '@/lib/tenancy/scope';
import { contentDigest } from '@/lib/canonical-json';
import { emitSaleEvent, saleColumns, type SaleRow } from './sale-record';
import type { CreateSaleRequest } from './schema';
import { moveSaleBetweenTables, placementOf } from './table-linkage';

export interface RecordingPos extends ChangeActor, ScopedCaller {
  partnerId: string;
}

async function assertParentSale(db: Executor, request: CreateSaleRequest) {
  if (request.parentSaleId === undefined) return;
  const [parent] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.id, request.parentSaleId), eq(sales.locationId, request.locationId)));
  if (!parent) {
    throw new ApiError('UNPROCESSABLE_ENTITY', `parentSaleId ${request.parentSaleId} names no sale of location ${request.locationId}.`, { status: 422 });
  }
}

/**
 * POST /sales by a POS whose token reaches the location (403 otherwise). The same `origin.saleId` from the same POS at the
 * same location answers the first sale when the content is the same, and 409 SALE_ID_CONFLICT when it differs; only
 * a new sale emits NEW_SALE, and an OPEN one at a table joins it (SPEC.md "Table and open sales").
 */
export async function createSale(db: Executor, pos: RecordingPos, request: CreateSaleRequest): Promise<{ sale: SaleRow; created: boolean }> {
  await assertInScope(db, pos, request.locationId);
  await assertParentSale(db, request);
  const digest = contentDigest(request);
  const result = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(sales)
      .values({
        id: newId(),
        locationId: request.locationId,
        posPartnerId: pos.partnerId,
        originSaleId: request.origin.saleId,
        requestDigest: digest,
        ...saleColumns(request),
      })
      .onConflictDoNothing({ target: [sales.posPartnerId, sales.locationId, sales.originSaleId] })
      .returning();
    if (inserted) {
      await emitSaleEvent(tx, 'NEW_SALE', inserted, pos);
      await moveSaleBetweenTables(tx, pos, inserted, null, placementOf(inserted));
      return { sale: inserted, created: true };
    }
    const [existing] = await tx
      .select()
      .from(sales)
      .where(and(eq(sales.posPartnerId, pos.partnerId), eq(sales.locationId, request.locationId), eq(sales.originSaleId, request.origin.saleId)));
    return { sale: existing!, created: false };
  });
  if (!result.created && result.sale.requestDigest !== digest) {
    throw conflict(`A sale with origin.saleId ${request.origin.saleId} and different content already exists.`, 'SALE_ID_CONFLICT');
  }
  return result;
}
