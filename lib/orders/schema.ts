import { z } from 'zod';
import { lenientInteger as integer, problemIssueParams } from '@/lib/api/validation';
import { moneyPositiveAmountSchema, moneySchema } from '@/lib/money';
import { ORDER_STATUSES, PATCH_ORDER_STATUSES, UNFULFILLED_FINAL_STATUSES, type OrderStatus } from './transitions';

// Every cross-field rule below runs even when other fields already failed (`when`), so a partner
// sees every violation of a request at once (conventions: validation reports everything).
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const whenObject = { when: (payload: { value: unknown }) => isRecord(payload.value) };
const whenArray = { when: (payload: { value: unknown }) => Array.isArray(payload.value) };

// ---------- Order money (docs/domain.md#money; the shared shapes are in lib/money.ts) ----------

/**
 * Order-level discounts and surcharges, labelled with a description. The reference orders spec types them as its
 * money-positive-with-description (amount minimum 0): a discount is subtracted, so its amount is never negative.
 */
export const moneyWithDescriptionSchema = moneyPositiveAmountSchema
  .extend({ description: z.string().optional() })
  .meta({ id: 'MoneyWithDescription', description: 'Money applying to the whole order, with a label; the amount is zero or more.' });

/** Orders stored before amounts were checked may hold a negative discount or surcharge; they still read. */
const storedMoneyWithDescriptionSchema = moneySchema
  .extend({ description: z.string().optional() })
  .describe('Money applying to the whole order, with a label. Never negative, except on orders stored before negative amounts were refused.');

/** Item discounts: unit amounts applied to each single item (docs/domain.md#order-item). */
export const moneyWithItemisationSchema = moneyPositiveAmountSchema
  .extend({ description: z.string().optional() })
  .meta({ id: 'MoneyWithItemisation', description: 'A unit discount applying to each single item.' });

// ---------- Order Item (docs/domain.md#order-item) ----------

export const allergenSchema = z.object({ description: z.string().optional().describe('The allergen to remove, e.g. Nuts.') }).meta({ id: 'Allergen' });

/** docs/domain.md#order-item: an item id is unique within the order; modifiers repeat ids across parents, so siblings are compared. */
function reportDuplicateItemIds(items: unknown[], ctx: z.RefinementCtx<unknown[]>) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (!isRecord(item) || typeof item.id !== 'string') return;
    if (seen.has(item.id)) {
      const message = `Item id "${item.id}" is used by another item of the same list.`;
      ctx.addIssue({ code: 'custom', path: [index, 'id'], message });
    }
    seen.add(item.id);
  });
}

/** docs/domain.md#order-item modifiers nest (a modifier of a modifier …); deeper than this no menu goes, so more is refused with 422. */
export const MAX_MODIFIER_DEPTH = 10;

/** Finds the first modifier list nested deeper than MAX_MODIFIER_DEPTH, without recursion. */
function reportModifiersTooDeep(items: unknown[], ctx: z.RefinementCtx<unknown[]>) {
  const pending: { list: unknown[]; path: (string | number)[]; depth: number }[] = [{ list: items, path: [], depth: 0 }];
  while (pending.length) {
    const { list, path, depth } = pending.pop()!;
    for (const [index, item] of list.entries()) {
      if (!isRecord(item) || !Array.isArray(item.modifiers)) continue;
      const modifiersPath = [...path, index, 'modifiers'];
      if (depth + 1 > MAX_MODIFIER_DEPTH) {
        const message = `Modifiers nest at most ${MAX_MODIFIER_DEPTH} levels deep.`;
        ctx.addIssue({ code: 'custom', path: modifiersPath, message, params: problemIssueParams('NESTING_TOO_DEEP') });
        return;
      }
      pending.push({ list: item.modifiers, path: modifiersPath, depth: depth + 1 });
    }
  }
}

export const orderItemSchema = z
  .object({
    id: z.string().min(1).describe('Unique within the order: two units of the same product have different ids.'),
    unitPrice: moneySchema,
    discounts: z.array(moneyWithItemisationSchema).optional().describe('Unit discounts: each applies to each single item.'),
    sku: z.string().describe('Id of the item aligned with the item id in the POS.'),
    description: z.string().describe('Human-readable description, used to resolve mismatches between app and POS.'),
    quantity: integer({ min: 0 }).describe('Number of units.'),
    allergens: z.array(allergenSchema).optional().describe('Allergens to be removed from the parent item.'),
    get modifiers(): z.ZodOptional<z.ZodArray<typeof orderItemSchema>> {
      return optionalModifiersSchema;
    },
    notes: z.string().optional(),
  })
  .meta({ id: 'OrderItem', description: 'An item of an order, or a modifier of an item.' });

// A fresh list per use keeps `items` and `modifiers` inline arrays of OrderItem in the generated schema.
const orderItemList = (): z.ZodArray<typeof orderItemSchema> => z.array(orderItemSchema).superRefine(reportDuplicateItemIds, whenArray);
const optionalModifiersSchema = orderItemList().optional().describe('Unit modifications: each applies to each single parent item.');

export type OrderItem = z.output<typeof orderItemSchema>;

// ---------- Order parts shared by requests and responses ----------

const FULFILMENT_TYPES = ['PICK_UP', 'DINE_IN', 'DELIVERY'] as const;
const PAYMENT_STATUSES = ['OPEN', 'CLOSED'] as const;

// docs/domain.md#order marks fulfilment required but fulfilment.type optional.
const fulfilmentSchema = z.object({
  type: z.enum(FULFILMENT_TYPES).optional(),
  // An order for later, as Square's SCHEDULED pickup_at and Deliverect's non-ASAP pickupTime: docs/contract.md#availability.
  scheduledFor: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      'RFC 3339 time the customer wants the order for; absent: as soon as possible. An order for later is taken while the location is CLOSED or paused until before then, when this time falls within its opening hours.',
    ),
});
// The reference orders spec makes every member of `table` and of a customer optional.
const tableSchema = z.object({ id: z.string().optional(), section: z.string().optional() });
const customerSchema = z.object({ firstName: z.string().optional().describe('No length restriction.') });
const locationIdSchema = z.string().min(1).max(50);

const orderContentShape = {
  locationId: locationIdSchema.describe("Globally unique identifier of a merchant's site."),
  fulfilment: fulfilmentSchema,
  notes: z.string().optional(),
  items: orderItemList().superRefine(reportModifiersTooDeep, whenArray),
  table: tableSchema.optional(),
  customers: z.array(customerSchema).optional(),
  discounts: z.array(moneyWithDescriptionSchema).optional(),
  surcharges: z.array(moneyWithDescriptionSchema).optional(),
  tip: moneyPositiveAmountSchema.optional(),
  // docs/domain.md#order-total: the provided total is always the value to use; it is never checked against the items.
  total: moneyPositiveAmountSchema,
};

/** docs/domain.md#order: paymentStatus OPEN applies only to orders with fulfilment type DINE_IN. */
function reportOpenPaymentOutsideDineIn(order: Record<string, unknown>, ctx: z.RefinementCtx<unknown>) {
  const fulfilmentType = isRecord(order.fulfilment) ? order.fulfilment.type : undefined;
  if (order.paymentStatus === 'OPEN' && fulfilmentType !== 'DINE_IN') {
    const message = 'paymentStatus OPEN applies only to fulfilment type DINE_IN.';
    ctx.addIssue({ code: 'custom', path: ['paymentStatus'], message });
  }
}

// ---------- Create (POST /orders, ORDERING_APP) ----------

export const createOrderRequestSchema = z
  .object({
    ...orderContentShape,
    // origin.name is the creating partner's name, set by the service; a sent value is dropped.
    origin: z.object({
      orderId: z.string().min(1).max(50).describe("The app's own order id, used for reconciliation and idempotency."),
      orderReference: z.string().describe('Reference for staff and eaters. No length restriction.'),
    }),
    // docs/contract.md#orders: an app creates an order as CREATED or already ACCEPTED.
    status: z.enum(['CREATED', 'ACCEPTED']).default('CREATED'),
    paymentStatus: z.enum(PAYMENT_STATUSES).default('CLOSED'),
  })
  .superRefine((order, ctx) => reportOpenPaymentOutsideDineIn(order, ctx), whenObject)
  .meta({ id: 'CreateOrderRequest', description: 'A new order sent by an ordering app.' });

export type CreateOrderRequest = z.output<typeof createOrderRequestSchema>;

// ---------- Update (PATCH /orders/{id}) ----------

export const patchOrderRequestSchema = z
  .object({
    status: z.enum(PATCH_ORDER_STATUSES),
    reason: z.string().optional().describe('Required, and not empty, for REJECTED, CANCELLED_BY_MERCHANT and CANCELLED_BY_CUSTOMER.'),
  })
  .superRefine((update, ctx) => {
    // docs/domain.md#status-rules: `reason` is required for these statuses and an empty string is invalid
    // (a blank one too). A reason of the wrong type is already reported by its own schema.
    if (!(UNFULFILLED_FINAL_STATUSES as readonly string[]).includes(update.status)) return;
    if (update.reason === undefined || (typeof update.reason === 'string' && update.reason.trim() === '')) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: `reason is required when status is ${update.status}.` });
    }
  }, whenObject)
  .meta({ id: 'UpdateOrderRequest', description: 'The new status of an order.' });

export type PatchOrderRequest = z.output<typeof patchOrderRequestSchema>;

// ---------- The Order resource as returned ----------

const orderResponseShape = {
  id: z.string().describe('Order id generated by the service.'),
  ...orderContentShape,
  discounts: z.array(storedMoneyWithDescriptionSchema).optional(),
  surcharges: z.array(storedMoneyWithDescriptionSchema).optional(),
  origin: z.object({
    orderId: z.string(),
    orderReference: z.string(),
    name: z.string().describe('Name of the partner that created the order. No length restriction.'),
  }),
  status: z.enum(ORDER_STATUSES),
  statusInfo: z.enum(['AUTO_REJECTED_BY_TIMEOUT']).optional(),
  busyMinutes: z.int().optional().describe('The location was in busy mode when the order arrived: it is ready this many minutes later than usual.'),
  expectedReadyAt: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('With busyMinutes: when the order is expected ready (its scheduledFor, or its arrival, plus busyMinutes).'),
};

export const orderResponseSchemaV1_0 = z.object(orderResponseShape).meta({ id: 'OrderV1_0', description: 'An order as returned by Ordering API version 1.0.' });

// docs/contract.md#versions: version 1.1 adds paymentStatus on fetched orders; 1.0 omits it.
export const orderResponseSchemaV1_1 = z
  .object({ ...orderResponseShape, paymentStatus: z.enum(PAYMENT_STATUSES).default('CLOSED') })
  .meta({ id: 'Order', description: 'An order as returned by Ordering API version 1.1.' });

export type OrderingApiVersion = '1.0' | '1.1';
export type OrderResponseV1_0 = z.output<typeof orderResponseSchemaV1_0>;
export type OrderResponseV1_1 = z.output<typeof orderResponseSchemaV1_1>;
/** What toOrderResponse needs; extra (internal) fields are dropped by the parse. */
export type OrderResponseInput = z.input<typeof orderResponseSchemaV1_1>;

export function orderResponseSchema(version: '1.0'): typeof orderResponseSchemaV1_0;
export function orderResponseSchema(version: '1.1'): typeof orderResponseSchemaV1_1;
export function orderResponseSchema(version: OrderingApiVersion) {
  return version === '1.0' ? orderResponseSchemaV1_0 : orderResponseSchemaV1_1;
}

/** Parses an internal order through the public schema of the version asked for, so no column leaks. */
export function toOrderResponse(order: OrderResponseInput, version: '1.0'): OrderResponseV1_0;
export function toOrderResponse(order: OrderResponseInput, version: '1.1'): OrderResponseV1_1;
export function toOrderResponse(order: OrderResponseInput, version: OrderingApiVersion): OrderResponseV1_0 | OrderResponseV1_1;
export function toOrderResponse(order: OrderResponseInput, version: OrderingApiVersion) {
  return version === '1.0' ? orderResponseSchemaV1_0.parse(order) : orderResponseSchemaV1_1.parse(order);
}

// ---------- List (GET /orders) ----------

const ORDER_STATUS_SET: ReadonlySet<string> = new Set(ORDER_STATUSES);
const isOrderStatus = (value: string): value is OrderStatus => ORDER_STATUS_SET.has(value);

/** `status` may repeat (`status=A&status=B`) or list values (`status=A,B`); both give one array. */
const statusFilterSchema = z.union([z.string(), z.array(z.string())]).transform((value, ctx) => {
  const tokens = [value]
    .flat()
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim());
  const statuses = [...new Set(tokens.filter(Boolean))];
  for (const status of statuses.filter((status) => !isOrderStatus(status))) {
    const message = `Unknown order status ${status}; expected one of ${ORDER_STATUSES.join(', ')}.`;
    ctx.issues.push({ code: 'custom', input: value, message });
  }
  return statuses.filter(isOrderStatus);
});

const limitSchema = z.union([z.int(), z.string().regex(/^\d+$/, 'limit must be a whole number.').transform(Number)]).pipe(z.int().min(1).max(50));

export const listOrdersQuerySchema = z.object({
  locationId: locationIdSchema,
  status: statusFilterSchema.optional(),
  updatedSince: z.iso.datetime({ offset: true }).optional().describe('RFC 3339 time: only orders updated since then.'),
  limit: limitSchema.default(50),
  cursor: z.string().min(1).optional().describe('Opaque cursor from the previous page.'),
});

export type ListOrdersQuery = z.output<typeof listOrdersQuerySchema>;
