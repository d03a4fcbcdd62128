import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sales } from '@/db/schema';
import { ApiError, conflict, validationFailed, type FieldError } from '@/lib/errors';
import { issuesToFieldErrors } from '@/lib/api/validation';
import { findVisibleSale } from './partner-access';
import { canonicalJson } from '@/lib/canonical-json';
import { emitSaleEvent, saleColumns, type SaleContent, type SaleRow } from './sale-record';
import { saleContentSchema, type SaleLineItem, type UpdateSaleRequest } from './schema';
import { moveSaleBetweenTables, placementOf } from './table-linkage';
import type { RecordingPos } from './create-sale';

// Reference sales spec: of an existing item, "you can only modify discounts, surcharges, total and tax".
const CHANGEABLE_ITEM_FIELDS = new Set(['discounts', 'surcharges', 'tax', 'total']);

function itemErrors(existing: readonly SaleLineItem[], sent: readonly SaleLineItem[]): FieldError[] {
  const errors: FieldError[] = [];
  const byId = new Map(existing.map((item) => [item.id, item]));
  sent.forEach((item, index) => {
    const before = byId.get(item.id);
    if (!before) {
      errors.push({ segment: 'body', path: `items.${index}.id`, message: `Item ${item.id} is not an item of this sale; items cannot be added.` });
      return;
    }
    const fields = new Set([...Object.keys(before), ...Object.keys(item)]);
    for (const field of fields) {
      if (CHANGEABLE_ITEM_FIELDS.has(field)) continue;
      const was = canonicalJson((before as Record<string, unknown>)[field]);
      if (was !== canonicalJson((item as Record<string, unknown>)[field])) {
        errors.push({ segment: 'body', path: `items.${index}.${field}`, message: `Only discounts, surcharges, tax and total of an existing item may change.` });
      }
    }
  });
  const sentIds = new Set(sent.map((item) => item.id));
  for (const item of existing) {
    if (!sentIds.has(item.id)) {
      errors.push({ segment: 'body', path: 'items', message: `Item ${item.id} of the sale is missing: send every existing item.` });
    }
  }
  return errors;
}

// Reference sales spec: "Provide all existing & new payments … Existing payments cannot be removed."
function paymentErrors(existing: readonly unknown[], sent: readonly unknown[]): FieldError[] {
  const remaining = sent.map(canonicalJson);
  const errors: FieldError[] = [];
  existing.forEach((payment, index) => {
    const at = remaining.indexOf(canonicalJson(payment));
    if (at === -1)
      errors.push({ segment: 'body', path: 'payments', message: `Existing payment ${index + 1} is missing or changed; payments cannot be removed.` });
    else remaining.splice(at, 1);
  });
  return errors;
}

/**
 * The sale as the update leaves it: fields sent replace the sale's; `null` table or booking takes them off. A REOPENED
 * sale is open already, so OPEN leaves it REOPENED (it stays the reopening of its parent until it closes).
 */
function applyUpdate(current: SaleContent, update: UpdateSaleRequest): Record<string, unknown> {
  const { version: _version, table, bookingId, ...fields } = update;
  const merged: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) merged[field] = value;
  if (current.status === 'REOPENED' && update.status === 'OPEN') merged.status = 'REOPENED';
  if (table !== undefined) merged.table = table ?? undefined;
  if (bookingId !== undefined) merged.bookingId = bookingId ?? undefined;
  return merged;
}

/**
 * PATCH /sales/{id} by a POS of the sale's location, against the version it last read (412 PRECONDITION_FAILED when
 * another change came first). A CLOSED sale cannot reopen (409; a new REOPENED sale reopens it). An update that changes nothing is ignored: no new
 * version, no event (reference sales spec). Closing emits SALE_CLOSED, anything else SALE_UPDATED, and the sale
 * leaves or joins tables as its status and table number say.
 */
export function updateSale(db: Executor, pos: RecordingPos, saleId: string, update: UpdateSaleRequest): Promise<SaleRow> {
  return db.transaction(async (tx) => {
    const row = await findVisibleSale(tx, pos, saleId, { lock: true });
    if (update.version !== row.version) {
      throw new ApiError('PRECONDITION_FAILED', `Version ${update.version} is stale: the sale is at version ${row.version}. Read it again and retry.`);
    }
    const current = row.content as SaleContent;
    if (current.status === 'CLOSED' && update.status === 'OPEN') {
      throw conflict(
        'A CLOSED sale cannot be opened again; reopen it by recording a new sale with status REOPENED and its id as parentSaleId.',
        'SALE_STATUS_CONFLICT',
      );
    }
    const errors = [
      ...(update.items ? itemErrors(current.items, update.items) : []),
      ...(update.payments ? paymentErrors(current.payments, update.payments) : []),
    ];
    // The merged sale must still be a valid sale: one currency, a close time when CLOSED and none while OPEN …
    const merged = saleContentSchema.safeParse(applyUpdate(current, update));
    if (!merged.success) errors.push(...issuesToFieldErrors('body', merged.error.issues));
    if (errors.length || !merged.success) throw validationFailed(errors);
    if (canonicalJson(merged.data) === canonicalJson(current)) return row;

    const [updated] = await tx
      .update(sales)
      .set({ ...saleColumns(merged.data), version: sql`${sales.version} + 1`, updatedAt: new Date() })
      .where(eq(sales.id, row.id))
      .returning();
    const closed = current.status !== 'CLOSED' && merged.data.status === 'CLOSED';
    await emitSaleEvent(tx, closed ? 'SALE_CLOSED' : 'SALE_UPDATED', updated!, pos);
    await moveSaleBetweenTables(tx, pos, updated!, placementOf(row), placementOf(updated!));
    return updated!;
  });
}
