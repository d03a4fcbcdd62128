import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations, orders, orderStatusChanges, partners, posPresence, users } from '@/db/schema';
import { freshPresence } from '@/lib/events/pos-presence';
import { autoRejectOverdueOrders } from './auto-reject';
import { orderResource, type OrderContent, type OrderRow } from './order-record';
import type { Money } from '@/lib/money';
import { toOrderResponse, type OrderResponseV1_1 } from './schema';
import { totalMismatch } from './totals';
import { FINAL_ORDER_STATUSES, type OrderStatus } from './transitions';

/** Finished orders stay on the board this long, so staff see what just happened. */
const FINISHED_VISIBLE_HOURS = 12;
/**
 * Orders the pass is done with: the final ones, and those out for delivery, which (docs/domain.md#status-rules: FULFILLED "not
 * applicable if dispatched for delivery") stay so; both leave the board FINISHED_VISIBLE_HOURS after their last change.
 */
const OFF_THE_PASS: readonly OrderStatus[] = [...FINAL_ORDER_STATUSES, 'OUT_FOR_DELIVERY'];
const BOARD_LIMIT = 200;

export interface MerchantLocation {
  id: string;
  name: string;
  /** The location's IANA zone: its orders' times are shown in it. */
  timezone: string;
}

export async function merchantLocations(db: Executor, merchantId: string): Promise<MerchantLocation[]> {
  return db
    .select({ id: locations.id, name: locations.name, timezone: locations.timezone })
    .from(locations)
    .where(eq(locations.merchantId, merchantId))
    .orderBy(asc(locations.name));
}

/** What a card of the live board shows (docs/domain.md#order-display: origin name, reference, first names). */
export interface BoardCard {
  id: string;
  locationId: string;
  locationName: string;
  originName: string;
  orderReference: string;
  status: OrderStatus;
  statusInfo: string | null;
  customerNames: string[];
  fulfilmentType: string | null;
  tableId: string | null;
  itemCount: number;
  total: Money;
  totalMismatch: boolean;
  createdAt: string;
  /** Set while the order is CREATED: when it will be rejected automatically. */
  autoRejectAt: string | null;
}

export interface BoardFilters {
  locationId?: string | undefined;
  statuses?: readonly OrderStatus[] | undefined;
  /** A past or future day (YYYY-MM-DD): every order received that day in its location's time zone, in any status. */
  day?: string | undefined;
}

export interface Board {
  cards: BoardCard[];
  /** The server's clock when read, so the browser's countdown does not depend on the browser's clock. */
  serverNow: string;
  /** The locations whose POS is online (GREEN) now. */
  posOnline?: string[];
}

function toCard(row: OrderRow, locationName: string): BoardCard {
  const content = row.content as OrderContent;
  return {
    id: row.id,
    locationId: row.locationId,
    locationName,
    originName: row.originName,
    orderReference: content.origin.orderReference,
    status: row.status,
    statusInfo: row.statusInfo,
    customerNames: (content.customers ?? []).flatMap((customer) => customer.firstName ?? []),
    fulfilmentType: content.fulfilment.type ?? null,
    tableId: content.table?.id ?? null,
    itemCount: content.items.reduce((count, item) => count + item.quantity, 0),
    total: content.total,
    totalMismatch: totalMismatch(content) !== null,
    createdAt: row.createdAt.toISOString(),
    autoRejectAt: row.status === 'CREATED' ? row.autoRejectAt.toISOString() : null,
  };
}

/** The merchant's active orders and those finished lately, newest first; overdue orders are rejected first. */
export async function boardOrders(db: Executor, merchantId: string, filters: BoardFilters = {}): Promise<Board> {
  const scope = (await merchantLocations(db, merchantId)).filter((location) => !filters.locationId || location.id === filters.locationId);
  if (!scope.length) return { cards: [], serverNow: new Date().toISOString() };
  const locationIds = scope.map((location) => location.id);
  await autoRejectOverdueOrders(db, { locationIds });
  const conditions: SQL[] = [inArray(orders.locationId, locationIds)];
  if (filters.day) {
    // The day as a range of created_at per time zone of the merchant's locations, so (location_id, created_at) reads
    // only that day's orders; converting each order's created_at to its local date read every order of the location.
    const byZone = new Map<string, string[]>();
    for (const location of scope) byZone.set(location.timezone, [...(byZone.get(location.timezone) ?? []), location.id]);
    const ranges = [...byZone].map(
      ([zone, ids]) =>
        sql`(${inArray(orders.locationId, ids)} and ${orders.createdAt} >= (${filters.day}::date)::timestamp at time zone ${zone}
          and ${orders.createdAt} < (${filters.day}::date + 1)::timestamp at time zone ${zone})`,
    );
    conditions.push(ranges.length === 1 ? ranges[0]! : or(...ranges)!);
  } else {
    const recent = or(
      sql`${orders.status} not in (${sql.join(
        OFF_THE_PASS.map((status) => sql`${status}`),
        sql`, `,
      )})`,
      gt(orders.updatedAt, sql`now() - make_interval(hours => ${FINISHED_VISIBLE_HOURS})`),
    );
    conditions.push(recent!);
  }
  if (filters.statuses?.length) conditions.push(inArray(orders.status, [...filters.statuses]));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(BOARD_LIMIT);
  const names = new Map(scope.map((location) => [location.id, location.name]));
  return { cards: rows.map((row) => toCard(row, names.get(row.locationId) ?? row.locationId)), serverNow: new Date().toISOString() };
}

export interface DocketHistoryEntry {
  at: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  statusInfo: string | null;
  reason: string | null;
  actor: string;
}

export interface OrderDocket {
  order: OrderResponseV1_1;
  locationName: string;
  createdAt: string;
  autoRejectAt: string | null;
  /** the informative total formula (docs/domain.md#order-total), when the provided total differs from it (never enforced). */
  totalMismatch: { expected: number; provided: number } | null;
  history: DocketHistoryEntry[];
}

/** One order of the merchant with its status history, or null when it is not the merchant's. */
export async function orderDocket(db: Executor, merchantId: string, orderId: string): Promise<OrderDocket | null> {
  const [found] = await db
    .select({ order: orders, locationName: locations.name })
    .from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(and(eq(orders.id, orderId), eq(locations.merchantId, merchantId)));
  if (!found) return null;
  const [rejected] = await autoRejectOverdueOrders(db, { orderId });
  const row = rejected ?? found.order;
  const history = await db
    .select({ change: orderStatusChanges, partnerName: partners.name, userName: users.name, userEmail: users.email })
    .from(orderStatusChanges)
    .leftJoin(partners, eq(partners.id, orderStatusChanges.actorPartnerId))
    .leftJoin(users, eq(users.id, orderStatusChanges.actorUserId))
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.version));
  return {
    order: toOrderResponse(orderResource(row), '1.1'),
    locationName: found.locationName,
    createdAt: row.createdAt.toISOString(),
    autoRejectAt: row.status === 'CREATED' ? row.autoRejectAt.toISOString() : null,
    totalMismatch: totalMismatch(row.content as OrderContent),
    history: history.map(({ change, partnerName, userName, userEmail }) => ({
      at: change.createdAt.toISOString(),
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      statusInfo: change.statusInfo,
      reason: change.reason,
      actor:
        change.actorType === 'SYSTEM'
          ? 'Counterpart (no answer in time)'
          : change.actorType === 'MERCHANT'
            ? `${userName ?? userEmail ?? 'Merchant'} (dashboard)`
            : `${partnerName ?? 'Unknown partner'} (${change.actorType === 'POS' ? 'POS' : 'ordering app'})`,
    })),
  };
}

/**
 * Which of these locations have a POS online now (GREEN: a notification socket open with a fresh heartbeat, as
 * lib/events/pos-presence.ts counts it), for the board's presence dots.
 */
export async function posOnlineLocations(db: Executor, locationIds: readonly string[]): Promise<string[]> {
  if (!locationIds.length) return [];
  const rows = await db
    .selectDistinct({ locationId: posPresence.locationId })
    .from(posPresence)
    .where(and(inArray(posPresence.locationId, [...locationIds]), freshPresence()));
  return rows.map((row) => row.locationId);
}
