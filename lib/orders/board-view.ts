import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { locations, orders, orderStatusChanges, partners, posPresence, users } from '@/db/schema';
import { freshPresence } from '@/lib/events/pos-presence';
import { validationFailed } from '@/lib/errors';
import { assertInScope, inScope, merchantCaller, type MerchantReach } from '@/lib/tenancy/scope';
import { autoRejectOverdueOrders } from './auto-reject';
import { orderResource, type OrderContent, type OrderRow } from './order-record';
import type { Money } from '@/lib/money';
import { toOrderResponse, type OrderItem, type OrderResponseV1_1 } from './schema';
import { totalMismatch } from './totals';
import type { TicketLine } from './tickets';
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
  /** A ticket turns amber after this many minutes in one step, and red after `lateMinutes`. */
  warnMinutes: number;
  lateMinutes: number;
}

/** The locations the merchant reaches (lib/tenancy/scope.ts decides), by name. */
export async function merchantLocations(db: Executor, merchant: MerchantReach): Promise<MerchantLocation[]> {
  const caller = merchantCaller(merchant);
  return db
    .select({
      id: locations.id,
      name: locations.name,
      timezone: locations.timezone,
      warnMinutes: locations.ticketWarnMinutes,
      lateMinutes: locations.ticketLateMinutes,
    })
    .from(locations)
    .where(inScope(db, caller, locations.id))
    .orderBy(asc(locations.name));
}

export const TICKET_MINUTES_MAX = 240;

/**
 * A location's age thresholds for the board's tickets: amber after `warnMinutes` in one step, red after
 * `lateMinutes` (1–240, warn below late). Only a location the merchant reaches; another merchant's is 404.
 */
export async function setTicketThresholds(
  db: Executor,
  merchant: MerchantReach,
  locationId: string,
  thresholds: { warnMinutes: number; lateMinutes: number },
): Promise<MerchantLocation> {
  const caller = merchantCaller(merchant);
  await assertInScope(db, caller, locationId);
  const { warnMinutes, lateMinutes } = thresholds;
  const errors = [
    ...(Number.isInteger(warnMinutes) && warnMinutes >= 1 && warnMinutes <= TICKET_MINUTES_MAX
      ? []
      : [{ segment: 'body' as const, path: 'warnMinutes', message: `Amber after 1 to ${TICKET_MINUTES_MAX} minutes.` }]),
    ...(Number.isInteger(lateMinutes) && lateMinutes >= 1 && lateMinutes <= TICKET_MINUTES_MAX
      ? lateMinutes > warnMinutes
        ? []
        : [{ segment: 'body' as const, path: 'lateMinutes', message: 'Red comes after amber: more minutes than amber.' }]
      : [{ segment: 'body' as const, path: 'lateMinutes', message: `Red after 1 to ${TICKET_MINUTES_MAX} minutes.` }]),
  ];
  if (errors.length) throw validationFailed(errors);
  const [updated] = await db
    .update(locations)
    .set({ ticketWarnMinutes: warnMinutes, ticketLateMinutes: lateMinutes })
    .where(and(eq(locations.id, locationId), inScope(db, caller, locations.id)))
    .returning({
      id: locations.id,
      name: locations.name,
      timezone: locations.timezone,
      warnMinutes: locations.ticketWarnMinutes,
      lateMinutes: locations.ticketLateMinutes,
    });
  return updated!;
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
  tableSection: string | null;
  /** An order for later: when the customer wants it (`fulfilment.scheduledFor`). */
  scheduledFor: string | null;
  /** Taken in busy mode: when it is expected ready, the busy minutes included. */
  expectedReadyAt: string | null;
  itemCount: number;
  /** The items as the kitchen reads them: quantities, modifiers below their item, notes and allergens. */
  lines: TicketLine[];
  notes: string | null;
  total: Money;
  totalMismatch: boolean;
  createdAt: string;
  /** When the order entered its current status: the ticket's age counts from here. */
  stepSince: string;
  /** The reason given with the latest change (a rejection's, a cancellation's). */
  reason: string | null;
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

function ticketLines(items: readonly OrderItem[]): TicketLine[] {
  return items.map((item) => ({
    quantity: item.quantity,
    description: item.description,
    lineTotal: item.quantity * item.unitPrice.amount,
    notes: item.notes ?? null,
    allergens: (item.allergens ?? []).flatMap((allergen) => allergen.description ?? []),
    modifiers: ticketLines(item.modifiers ?? []),
  }));
}

function toCard(row: OrderRow, locationName: string, latest: { at: Date; reason: string | null } | undefined): BoardCard {
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
    tableSection: content.table?.section ?? null,
    scheduledFor: content.fulfilment.scheduledFor ?? null,
    expectedReadyAt: (content as OrderContent & { expectedReadyAt?: string }).expectedReadyAt ?? null,
    itemCount: content.items.reduce((count, item) => count + item.quantity, 0),
    lines: ticketLines(content.items as OrderItem[]),
    notes: content.notes ?? null,
    total: content.total,
    totalMismatch: totalMismatch(content) !== null,
    createdAt: row.createdAt.toISOString(),
    stepSince: (latest?.at ?? row.createdAt).toISOString(),
    reason: latest?.reason ?? null,
    autoRejectAt: row.status === 'CREATED' ? row.autoRejectAt.toISOString() : null,
  };
}

/** The merchant's active orders and those finished lately, newest first; overdue orders are rejected first. */
export async function boardOrders(db: Executor, merchant: MerchantReach, filters: BoardFilters = {}): Promise<Board> {
  const scope = (await merchantLocations(db, merchant)).filter((location) => !filters.locationId || location.id === filters.locationId);
  if (!scope.length) return { cards: [], serverNow: new Date().toISOString() };
  const locationIds = scope.map((location) => location.id);
  await autoRejectOverdueOrders(db, { locationIds });
  const conditions: SQL[] = [inArray(orders.locationId, locationIds), inScope(db, merchantCaller(merchant), orders.locationId)];
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
  // Each order's latest status change: when it entered its step, and the reason given with it.
  const changes = rows.length
    ? await db
        .selectDistinctOn([orderStatusChanges.orderId], {
          orderId: orderStatusChanges.orderId,
          at: orderStatusChanges.createdAt,
          reason: orderStatusChanges.reason,
        })
        .from(orderStatusChanges)
        .where(
          inArray(
            orderStatusChanges.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(orderStatusChanges.orderId, desc(orderStatusChanges.version))
    : [];
  const latest = new Map(changes.map((change) => [change.orderId, change]));
  const names = new Map(scope.map((location) => [location.id, location.name]));
  return {
    cards: rows.map((row) => toCard(row, names.get(row.locationId) ?? row.locationId, latest.get(row.id))),
    serverNow: new Date().toISOString(),
  };
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
export async function orderDocket(db: Executor, merchant: MerchantReach, orderId: string): Promise<OrderDocket | null> {
  const [found] = await db
    .select({ order: orders, locationName: locations.name })
    .from(orders)
    .innerJoin(locations, eq(locations.id, orders.locationId))
    .where(and(eq(orders.id, orderId), inScope(db, merchantCaller(merchant), orders.locationId)));
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
