import { z } from 'zod';
import { pageQuery, repeatableFilter } from '@/lib/api/query-params';
import { moneyPositiveAmountSchema } from '@/lib/money';
import { locationIdSchema, tableNumberSchema } from '@/lib/tables/schema';

// Cross-field rules run even when a field already failed (`when`), so a partner sees every
// violation of a request at once (conventions: validation reports everything). They read the
// half-parsed value defensively for that reason.
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const whenObject = { when: (payload: { value: unknown }) => isRecord(payload.value) };

// RFC 3339 with an offset: the sale keeps the zone the POS recorded it in (e.g. +10:00).
const zonedDateTime = () => z.iso.datetime({ offset: true });

export const SALE_STATUSES = ['OPEN', 'CLOSED', 'REOPENED'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const SALE_TYPES = ['SALE', 'REFUND', 'VOID', 'COMBINATION'] as const;
const SOURCE_TYPES = [
  'DELIVEROO',
  'DOORDASH',
  'GOOGLE',
  'HEYYOU',
  'HUNGRYHUNGRY',
  'MEANDU',
  'MENULOG',
  'MRYUM',
  'ORDERUP',
  'OTHER',
  'POS',
  'UBEREATS',
] as const;
const PAYMENT_METHODS = ['EFTPOS', 'CASH', 'GIFT_CARD', 'POINTS', 'ACCOUNT', 'ONLINE'] as const;
const LIST_DATE_TYPES = ['CREATED', 'UPDATED', 'OPENED', 'CLOSED'] as const;

// ---------- Money ----------

export const moneyPositiveWithDescriptionSchema = moneyPositiveAmountSchema
  .extend({ description: z.string().optional().describe('What this amount is, e.g. Tuesday Happy Hour Discount.') })
  .meta({ id: 'MoneyPositiveAmountWithDescription', description: 'A labelled amount of money, zero or more.' });

/** Every `{amount, currency}` inside a value, with its path. */
function moneyCurrencies(value: unknown, path: PropertyKey[] = []): { path: PropertyKey[]; currency: string }[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => moneyCurrencies(entry, [...path, index]));
  if (!isRecord(value)) return [];
  if ('amount' in value && typeof value.currency === 'string') return [{ path, currency: value.currency }];
  return Object.entries(value).flatMap(([key, entry]) => moneyCurrencies(entry, [...path, key]));
}

/**
 * Reference sales spec: "all items in a sale must be of an identical currency". The currency most
 * amounts use is taken as the sale's, so the odd ones out are reported.
 */
function reportMixedCurrencies(sale: Record<string, unknown>, ctx: z.RefinementCtx<unknown>) {
  const amounts = moneyCurrencies(sale);
  const counts = new Map<string, number>();
  for (const { currency } of amounts) counts.set(currency, (counts.get(currency) ?? 0) + 1);
  const [saleCurrency] = [...counts].reduce((most, entry) => (entry[1] > most[1] ? entry : most), ['', 0]);
  for (const money of amounts) {
    if (money.currency !== saleCurrency) {
      ctx.addIssue({
        code: 'custom',
        path: [...money.path, 'currency'],
        message: `All amounts of a sale share one currency; this sale's amounts are mostly in ${saleCurrency}.`,
      });
    }
  }
}

// ---------- Line item ----------

export const saleLineItemSchema = z
  .object({
    id: z.string().min(1).describe('Unique within the sale: two units of the same product have different ids.'),
    name: z.string().min(1),
    category: z.string().optional(),
    description: z.string().optional(),
    sku: z.string().min(1).describe('Id of the item aligned with the id of the item in the POS.'),
    barcode: z.string().optional(),
    get modifiers(): z.ZodOptional<z.ZodArray<typeof saleLineItemSchema>> {
      return z.array(saleLineItemSchema).optional().describe('Modifications of the parent item, each a line item.');
    },
    unitPrice: moneyPositiveAmountSchema.describe('Price of one unit including tax, excluding discounts.'),
    unitPriceTax: moneyPositiveAmountSchema.describe('Tax collected by the merchant on one unit.'),
    unitCost: moneyPositiveAmountSchema.optional().describe('Cost of one unit paid by the merchant.'),
    unitCostTax: moneyPositiveAmountSchema.optional().describe('Tax paid by the merchant on one unit.'),
    discounts: z.array(moneyPositiveWithDescriptionSchema).optional().describe('Discounts on the whole line (not per unit).'),
    // Reference: only required when the sale's type is COMBINATION (checked on the sale).
    sale: z
      .object({ type: z.enum(['SALE', 'REFUND']) })
      .optional()
      .describe('Whether this line is sold or refunded in a COMBINATION sale.'),
    surcharges: z.array(moneyPositiveWithDescriptionSchema).optional().describe('Surcharges on the whole line (not per unit).'),
    quantity: z.number().positive().describe('Number of units; may be fractional, always more than 0.'),
    tax: moneyPositiveAmountSchema.describe('Tax collected by the merchant for this line.'),
    total: moneyPositiveAmountSchema.describe('(unitPrice * quantity) - discounts + surcharges + sum(modifiers[].total).'),
    hidden: z.boolean().optional().describe('The POS asks apps to hide this line, e.g. $0 items or staff notes.'),
  })
  .meta({ id: 'SaleLineItem', description: 'A line item of a sale, or a modifier of one.' });

export type SaleLineItem = z.output<typeof saleLineItemSchema>;

// ---------- Payment ----------

export const salePaymentSchema = z
  .object({
    acquirer: z
      .object({
        name: z.string().regex(/^[A-Z]+$/, 'Upper-case letters only, e.g. TYRO.'),
        transactionReference: z.string().min(1),
        terminalId: z.string().optional(),
      })
      .optional()
      .describe('The financial institution that processed the payment; only for method EFTPOS.'),
    method: z.enum(PAYMENT_METHODS),
    type: z.enum(SALE_TYPES).optional().describe("Inherited from the sale's type when absent."),
    goodsAndServicesAmount: moneyPositiveAmountSchema,
    tipAmount: moneyPositiveAmountSchema.optional(),
    cashoutAmount: moneyPositiveAmountSchema.optional(),
    surchargeAmount: moneyPositiveAmountSchema.optional().describe('Charged by the merchant to process the payment method.'),
    items: z
      .array(z.object({ itemId: z.string().min(1), total: moneyPositiveAmountSchema }))
      .optional()
      .describe('The line items (by items[].id) this payment is for.'),
  })
  .superRefine((payment, ctx) => {
    // Reference sales spec: the acquirer "must only be supplied when the method is EFTPOS".
    if (payment.acquirer !== undefined && payment.method !== 'EFTPOS') {
      ctx.addIssue({ code: 'custom', path: ['acquirer'], message: 'acquirer is only supplied when method is EFTPOS.' });
    }
  }, whenObject)
  .meta({ id: 'SalePayment', description: 'A payment made towards a sale.' });

// ---------- Parts shared by requests and responses ----------

const saleTableSchema = z.object({
  number: tableNumberSchema.describe("The table's number; an OPEN sale joins the location's table with this number."),
  seats: z.int().min(1).optional().describe('The number of people seated at the table.'),
});

const saleSourceSchema = z
  .object({
    type: z.enum(SOURCE_TYPES),
    other: z.string().min(1).optional().describe('The source of the sale when type is OTHER.'),
  })
  .superRefine((source, ctx) => {
    if (source.type === 'OTHER' && source.other === undefined) {
      ctx.addIssue({ code: 'custom', path: ['other'], message: 'other is required when source type is OTHER.' });
    }
  }, whenObject);

const saleDescriptionShape = {
  locationId: locationIdSchema.describe("Globally unique identifier of a merchant's site."),
  origin: z.object({
    saleId: z.string().min(1).max(50).describe("The POS's own id of the sale, for reconciliation."),
    // The reference marks it required, yet its own examples leave it out; we accept both.
    locationId: z.string().min(1).optional().describe('The id of the store according to the POS.'),
  }),
  type: z.enum(SALE_TYPES).default('SALE'),
  openedZonedDateTime: zonedDateTime().describe('When the sale was opened on the POS (RFC 3339).'),
  closedZonedDateTime: zonedDateTime().optional().describe('When the sale was closed on the POS; required when CLOSED.'),
  parentSaleId: z.string().min(1).optional().describe('The closed sale (of the same location) this one reopens; only with status REOPENED.'),
  customer: z.object({ id: z.string().min(1).optional() }).optional(),
  register: z.object({ id: z.string().optional(), name: z.string().optional() }).optional(),
  staff: z.object({ id: z.string().min(1).describe("The staff member's POS id, never their name.") }).optional(),
  section: z.object({ id: z.string().optional(), name: z.string().optional() }).optional(),
  table: saleTableSchema.optional(),
  bookingId: z.string().min(1).optional().describe('The id of the booking (tcBookingId) this sale belongs to.'),
  discounts: z.array(moneyPositiveWithDescriptionSchema).optional(),
  surcharges: z.array(moneyPositiveWithDescriptionSchema).optional(),
  tax: moneyPositiveAmountSchema.optional().describe('Total tax collected for this sale by the merchant.'),
  total: moneyPositiveAmountSchema.optional().describe('Total after tax, discounts, modifiers and rounding.'),
  subtotal: moneyPositiveAmountSchema.optional(),
};

/** Reference: closedZonedDateTime is required when the sale is CLOSED; an open sale has none. */
function reportCloseTime(sale: Record<string, unknown>, ctx: z.RefinementCtx<unknown>) {
  if (sale.status === 'CLOSED' && sale.closedZonedDateTime === undefined) {
    ctx.addIssue({ code: 'custom', path: ['closedZonedDateTime'], message: 'closedZonedDateTime is required when status is CLOSED.' });
  }
  if ((sale.status === 'OPEN' || sale.status === 'REOPENED') && sale.closedZonedDateTime !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['closedZonedDateTime'], message: `An ${sale.status} sale has no closedZonedDateTime.` });
  }
  const opened = typeof sale.openedZonedDateTime === 'string' ? Date.parse(sale.openedZonedDateTime) : NaN;
  const closed = typeof sale.closedZonedDateTime === 'string' ? Date.parse(sale.closedZonedDateTime) : NaN;
  if (closed < opened) {
    ctx.addIssue({ code: 'custom', path: ['closedZonedDateTime'], message: 'closedZonedDateTime is before openedZonedDateTime.' });
  }
}

function reportItemRules(sale: Record<string, unknown>, ctx: z.RefinementCtx<unknown>) {
  const items = Array.isArray(sale.items) ? sale.items : [];
  const itemIds = new Set<string>();
  items.forEach((item, index) => {
    if (!isRecord(item)) return;
    if (typeof item.id === 'string') {
      if (itemIds.has(item.id)) {
        ctx.addIssue({ code: 'custom', path: ['items', index, 'id'], message: `Item id "${item.id}" is used by another item of the sale.` });
      }
      itemIds.add(item.id);
    }
    // Reference: items[].sale "only required when top-level sale type is COMBINATION".
    if (sale.type === 'COMBINATION' && item.sale === undefined) {
      ctx.addIssue({ code: 'custom', path: ['items', index, 'sale'], message: 'sale.type (SALE or REFUND) is required on every item of a COMBINATION sale.' });
    }
  });
  // A payment's items refer to the sale's items; checkable only when the request carries both.
  if (!Array.isArray(sale.items) || !Array.isArray(sale.payments)) return;
  sale.payments.forEach((payment, paymentIndex) => {
    if (!isRecord(payment) || !Array.isArray(payment.items)) return;
    payment.items.forEach((paid, paidIndex) => {
      if (isRecord(paid) && typeof paid.itemId === 'string' && !itemIds.has(paid.itemId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['payments', paymentIndex, 'items', paidIndex, 'itemId'],
          message: `No item of the sale has id "${paid.itemId}".`,
        });
      }
    });
  });
}

function reportSaleRules(sale: Record<string, unknown>, ctx: z.RefinementCtx<unknown>) {
  reportCloseTime(sale, ctx);
  reportItemRules(sale, ctx);
  reportMixedCurrencies(sale, ctx);
}

// ---------- Create (POST /sales, POS) ----------

const saleContentObject = z.object({
  ...saleDescriptionShape,
  status: z
    .enum(SALE_STATUSES)
    .default('CLOSED')
    .describe('A CLOSED sale stays closed; REOPENED records a new sale that reopens the closed sale named by parentSaleId.'),
  source: saleSourceSchema.default({ type: 'POS' }).describe('Where the sale came from; POS when absent.'),
  items: z.array(saleLineItemSchema).default([]),
  payments: z.array(salePaymentSchema).default([]),
});

/** A sale as stored: what a create or an update must leave behind. A reopened sale keeps its parent when it closes. */
export const saleContentSchema = saleContentObject.superRefine((sale, ctx) => reportSaleRules(sale, ctx), whenObject);

/**
 * docs/contract.md#reopened-sales, after the reference: a closed sale stays closed; reopening it records a new sale with
 * status REOPENED naming the closed one in parentSaleId. So each needs the other on a new sale.
 */
function reportReopening(sale: Record<string, unknown>, ctx: z.RefinementCtx<unknown>) {
  if (sale.status === 'REOPENED' && sale.parentSaleId === undefined) {
    ctx.addIssue({ code: 'custom', path: ['parentSaleId'], message: 'parentSaleId (the closed sale this one reopens) is required when status is REOPENED.' });
  }
  if (sale.parentSaleId !== undefined && sale.status !== 'REOPENED') {
    ctx.addIssue({ code: 'custom', path: ['status'], message: 'A sale with a parentSaleId reopens that sale: its status is REOPENED.' });
  }
}

export const createSaleRequestSchema = saleContentObject
  .superRefine((sale, ctx) => {
    reportSaleRules(sale, ctx);
    reportReopening(sale, ctx);
  }, whenObject)
  .meta({ id: 'CreateSaleRequest', description: 'A new sale recorded by the POS.' });

export type CreateSaleRequest = z.output<typeof createSaleRequestSchema>;

// ---------- Update (PATCH /sales/{saleId}) ----------

export const updateSaleRequestSchema = z
  .object({
    version: z.int().min(1).describe('The version last read; a stale one is answered 412.'),
    // No default here, unlike the reference: leaving status out must not close the sale.
    status: z
      .enum(['OPEN', 'CLOSED'])
      .optional()
      .describe('A CLOSED sale cannot be opened again (reopen it with a new sale, status REOPENED); a REOPENED sale stays REOPENED until CLOSED.'),
    closedZonedDateTime: zonedDateTime().optional().describe('Required when status is CLOSED.'),
    items: z.array(saleLineItemSchema).optional().describe('All existing items; only their discounts, surcharges, tax and total may change.'),
    discounts: z.array(moneyPositiveWithDescriptionSchema).optional().describe('Replaces all discounts of the sale.'),
    surcharges: z.array(moneyPositiveWithDescriptionSchema).optional().describe('Replaces all surcharges of the sale.'),
    tax: moneyPositiveAmountSchema.optional(),
    payments: z.array(salePaymentSchema).optional().describe('All existing and new payments; existing ones cannot be removed.'),
    total: moneyPositiveAmountSchema.optional().describe('sum(items[].total) - discounts + surcharges.'),
    // Our extensions: moving a sale to another table (or off any, with null) and linking it to a booking.
    table: saleTableSchema.nullable().optional().describe('The table the sale moves to; null takes it off its table.'),
    bookingId: z.string().min(1).nullable().optional().describe('The booking the sale belongs to; null unlinks it.'),
  })
  .superRefine((update, ctx) => reportSaleRules(update, ctx), whenObject)
  .meta({ id: 'UpdateSaleRequest', description: 'Changes to a sale, made against the version last read.' });

export type UpdateSaleRequest = z.output<typeof updateSaleRequestSchema>;

// ---------- The Sale resource as returned ----------

export const saleResponseSchema = z
  .object({
    id: z.string().describe('The sale id generated by the service.'),
    version: z.int().min(1).describe('Counts the changes of the sale; send it back when updating.'),
    ...saleDescriptionShape,
    status: z.enum(SALE_STATUSES),
    source: saleSourceSchema,
    items: z.array(saleLineItemSchema),
    payments: z.array(salePaymentSchema),
  })
  .meta({ id: 'Sale', description: 'A sale recorded by the POS.' });

export type SaleResponse = z.output<typeof saleResponseSchema>;
/** What toSaleResponse needs; extra (internal) fields are dropped by the parse. */
export type SaleResponseInput = z.input<typeof saleResponseSchema>;

/** Parses an internal sale through the public schema, so no column leaks. */
export function toSaleResponse(sale: SaleResponseInput): SaleResponse {
  return saleResponseSchema.parse(sale);
}

// ---------- List (GET /sales) ----------

// A range that ends before it starts is no error: the reference's own examples send one (fromDate 2023-04-29,
// toDate 2023-04-28), and it matches no sale.
export const listSalesQuerySchema = z.object({
  locationId: locationIdSchema.describe('The location whose sales are listed. Required.'),
  saleStatus: repeatableFilter(z.enum(SALE_STATUSES))
    .optional()
    .describe(`Any of ${SALE_STATUSES.join(', ')}; repeat or comma-separate.`),
  saleType: repeatableFilter(z.enum(SALE_TYPES))
    .optional()
    .describe(`Any of ${SALE_TYPES.join(', ')}; repeat or comma-separate.`),
  fromDate: z.iso.date().optional().describe('YYYY-MM-DD: only sales whose dateType date is on or after it.'),
  toDate: z.iso.date().optional().describe('YYYY-MM-DD: only sales whose dateType date is on or before it.'),
  dateType: z.enum(LIST_DATE_TYPES).default('CREATED').describe('Which date of a sale fromDate and toDate apply to.'),
  bookingId: z.string().min(1).optional().describe('Only the sales of this booking.'),
  ...pageQuery,
});

export type ListSalesQuery = z.output<typeof listSalesQuerySchema>;
