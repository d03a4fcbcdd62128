import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sales } from '@/db/schema';
import { ApiError, conflict } from '@/lib/errors';
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

type ParentSale = Pick<SaleRow, 'id' | 'status'>;

/** The sale a reopening names, locked, when it is one of the location's; another location's is unknown here (docs/contract.md#tenancy). */
async function lockParentSale(tx: Executor, locationId: string, parentSaleId: string): Promise<ParentSale | undefined> {
  const [parent] = await tx
    .select({ id: sales.id, status: sales.status })
    .from(sales)
    .where(and(eq(sales.id, parentSaleId), eq(sales.locationId, locationId)))
    .for('update');
  return parent;
}

/** docs/contract.md#reopened-sales: only a CLOSED sale is reopened, and only once (a later reopening names the latest sale). */
async function assertReopenable(tx: Executor, request: CreateSaleRequest, parent: ParentSale | undefined): Promise<void> {
  if (!parent) {
    throw new ApiError('PARENT_SALE_NOT_FOUND', `parentSaleId ${request.parentSaleId} names no sale of location ${request.locationId}.`);
  }
  if (parent.status !== 'CLOSED') {
    throw conflict(`Sale ${parent.id} is still ${parent.status}: only a CLOSED sale can be reopened.`, 'SALE_STATUS_CONFLICT');
  }
  const [reopening] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.parentSaleId, parent.id)).limit(1);
  if (reopening) {
    throw conflict(`Sale ${parent.id} was already reopened as sale ${reopening.id}; reopen the latest sale instead.`, 'SALE_ALREADY_REOPENED');
  }
}

/** The sale this POS already recorded at the location under the request's `origin.saleId`, if any. */
async function findRecorded(tx: Executor, pos: RecordingPos, request: CreateSaleRequest): Promise<SaleRow | undefined> {
  const [existing] = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.posPartnerId, pos.partnerId), eq(sales.locationId, request.locationId), eq(sales.originSaleId, request.origin.saleId)));
  return existing;
}

/**
 * POST /sales by a POS whose token reaches the location (403 otherwise). The same `origin.saleId` from the same POS at the
 * same location answers the first sale when the content is the same, and 409 SALE_ID_CONFLICT when it differs; only
 * a new sale emits NEW_SALE, and an OPEN one at a table joins it (docs/domain.md#table-and-open-sales). A REOPENED sale
 * reopens its closed parent: it emits SALE_REOPENED instead of NEW_SALE and joins its table as an open sale does.
 */
export async function createSale(db: Executor, pos: RecordingPos, request: CreateSaleRequest): Promise<{ sale: SaleRow; created: boolean }> {
  await assertInScope(db, pos, request.locationId);
  const digest = contentDigest(request);
  const result = await db.transaction(async (tx) => {
    if (request.parentSaleId !== undefined) {
      // The parent is locked first, so two reopenings of it (or a reopening and its re-send) take turns; a re-sent
      // reopening answers the first one, as any re-sent sale does.
      const parent = await lockParentSale(tx, request.locationId, request.parentSaleId);
      const resent = await findRecorded(tx, pos, request);
      if (resent) return { sale: resent, created: false };
      await assertReopenable(tx, request, parent);
    }
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
      await emitSaleEvent(tx, inserted.parentSaleId ? 'SALE_REOPENED' : 'NEW_SALE', inserted, pos);
      await moveSaleBetweenTables(tx, pos, inserted, null, placementOf(inserted));
      return { sale: inserted, created: true };
    }
    return { sale: (await findRecorded(tx, pos, request))!, created: false };
  });
  if (!result.created && result.sale.requestDigest !== digest) {
    throw conflict(`A sale with origin.saleId ${request.origin.saleId} and different content already exists.`, 'SALE_ID_CONFLICT');
  }
  return result;
}
