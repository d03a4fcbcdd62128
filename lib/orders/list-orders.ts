import { and, asc, eq, getTableColumns, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { orders } from '@/db/schema';
import { forbidden, validationFailed } from '@/lib/errors';
import { assertInScope } from '@/lib/tenancy/scope';
import { autoRejectOverdueOrders } from './auto-reject';
import type { OrderRow } from './order-record';
import type { PartnerOrderCaller } from './partner-access';
import type { ListOrdersQuery } from './schema';

/** Keyset position: the last row's updated_at (microsecond text, so no precision is lost) and id. */
const cursorSchema = z.tuple([z.iso.datetime(), z.string().min(1)]);

export const encodeCursor = (updatedAt: string, id: string): string => Buffer.from(JSON.stringify([updatedAt, id])).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw validationFailed([{ segment: 'query', path: 'cursor', message: 'Invalid cursor: pass nextCursor from a previous page unchanged.' }]);
  }
}

const updatedAtText = sql<string>`to_char(${orders.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface OrderPage {
  orders: OrderRow[];
  nextCursor: string | null;
}

/**
 * GET /orders for the POS of a location: oldest change first, paged by (updated_at, id) on an index, so a POS that
 * polls with `updatedSince` or follows `nextCursor` never misses an order or sees one twice within a walk.
 */
export async function listLocationOrders(db: Executor, caller: PartnerOrderCaller, query: ListOrdersQuery): Promise<OrderPage> {
  // docs/contract.md#scope: only a POS lists a location's orders, and only at a location its token reaches (403 otherwise).
  if (caller.partnerType !== 'POS') throw forbidden(`This partner is not the POS of location ${query.locationId}.`);
  await assertInScope(db, caller, query.locationId);
  // Nobody sees a stale CREATED: settle the location's overdue orders before reading them.
  await autoRejectOverdueOrders(db, { locationIds: [query.locationId] });
  const conditions: SQL[] = [eq(orders.locationId, query.locationId)];
  if (query.status?.length) conditions.push(inArray(orders.status, query.status));
  if (query.updatedSince) conditions.push(gte(orders.updatedAt, new Date(query.updatedSince)));
  if (query.cursor) {
    const [updatedAt, id] = decodeCursor(query.cursor);
    conditions.push(sql`(${orders.updatedAt}, ${orders.id}) > (${updatedAt}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({ ...getTableColumns(orders), position: updatedAtText })
    .from(orders)
    .where(and(...conditions))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: page.map(({ position: _position, ...order }) => order),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.position, last.id) : null,
  };
}
