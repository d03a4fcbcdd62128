import type { Executor } from '@/db/client';
import { sales } from '@/db/schema';
import { emitEvent } from '@/lib/events/outbox';
import type { EventType } from '@/lib/events/event-types';
import { LOCATION_PARTNER_TYPES, type ChangeActor } from '@/lib/tables/table-events';
import { toSaleResponse, type CreateSaleRequest, type SaleResponse } from './schema';

export type SaleRow = typeof sales.$inferSelect;

/** What a sale says, as validated: everything of the Sale resource but the id and version the service keeps. */
export type SaleContent = CreateSaleRequest;

/** The public Sale resource of a stored sale. */
export function saleResource(row: SaleRow): SaleResponse {
  return toSaleResponse({ ...(row.content as SaleContent), id: row.id, version: row.version });
}

/** The columns the service filters and links on, always derived from the content so they never disagree. */
export function saleColumns(content: SaleContent) {
  return {
    status: content.status,
    type: content.type,
    tableNumber: content.table?.number ?? null,
    bookingId: content.bookingId ?? null,
    parentSaleId: content.parentSaleId ?? null,
    paymentReferences: content.payments.flatMap((payment) => (payment.acquirer ? [payment.acquirer.transactionReference] : [])),
    openedAt: new Date(content.openedZonedDateTime),
    closedAt: content.closedZonedDateTime ? new Date(content.closedZonedDateTime) : null,
    content,
  };
}

export type SaleEventType = Extract<EventType, 'NEW_SALE' | 'SALE_UPDATED' | 'SALE_CLOSED' | 'SALE_REOPENED'>;

/** docs/contract.md#event-types: sale events go to every POS and app connected to the sale's location but the actor. */
export function emitSaleEvent(tx: Executor, type: SaleEventType, sale: Pick<SaleRow, 'id' | 'locationId' | 'version'>, actor: ChangeActor) {
  return emitEvent(tx, {
    type,
    locationId: sale.locationId,
    resource: 'sale',
    resourceId: sale.id,
    version: sale.version,
    actorPartnerId: actor.partnerId,
    audience: { connectedPartnerTypes: LOCATION_PARTNER_TYPES },
  });
}
