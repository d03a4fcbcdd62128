import { z } from 'zod';
import { api } from '@/app/connect/openapi.json/operations';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: Json;
  examples?: Json[];
  additionalProperties?: JsonSchema | boolean;
};

const aud = (amount: number) => ({ amount, currency: 'AUD' });
const AT = '2026-11-22T09:30:00.000Z';
const ZONED = '2026-11-22T20:30:00+11:00';

/**
 * Requests whose rules reach past their JSON Schema (refinements across fields, realistic content): written out here
 * and checked against the same zod schemas as the generated ones.
 */
const requestOverrides: Record<string, Json> = {
  'post /orders': {
    locationId: 'demo-bistro-cbd',
    origin: { orderId: 'app-order-1001', orderReference: 'A-101' },
    fulfilment: { type: 'PICK_UP' },
    customers: [{ firstName: 'Charlotte' }],
    items: [
      {
        id: 'item-1',
        sku: 'FW-REG',
        description: 'Flat white',
        quantity: 2,
        unitPrice: aud(480),
        modifiers: [{ id: 'item-1-mod-1', sku: 'OAT', description: 'Oat milk', quantity: 1, unitPrice: aud(80) }],
      },
      { id: 'item-2', sku: 'SMASH', description: 'Smashed avocado on sourdough', quantity: 1, unitPrice: aud(1890), allergens: [{ description: 'Nuts' }] },
    ],
    tip: aud(200),
    total: aud(3210),
  },
  'patch /orders/{orderId}': { status: 'ACCEPTED' },
  'post /tables': { locationId: 'demo-bistro-cbd', number: '12', section: { name: 'Courtyard' } },
  'patch /tables/{tableId}': { number: '12A' },
  'post /sales': {
    locationId: 'demo-bistro-cbd',
    origin: { saleId: 'pos-sale-5531' },
    status: 'OPEN',
    openedZonedDateTime: ZONED,
    table: { number: '12' },
    staff: { id: '8675309' },
    items: [{ id: 'i1', name: 'Flat white', sku: 'FW-REG', quantity: 2, unitPrice: aud(480), unitPriceTax: aud(44), tax: aud(88), total: aud(960) }],
  },
  'patch /sales/{saleId}': { version: 1, status: 'CLOSED', closedZonedDateTime: '2026-11-22T21:40:00+11:00', tax: aud(88), total: aud(960) },
  'post /bookings': {
    locationId: 'demo-bistro-cbd',
    origin: { bookingReference: 'bk-20261122-0042' },
    asset: { type: 'TABLE', tables: [{ number: '4' }] },
    numberOfPeople: 4,
    startTime: '2026-11-22T08:00:00Z',
    customer: { name: 'Jennifer Wicks', phoneNumber: '+61 400 000 000' },
    notes: 'Window seat please',
  },
  'patch /bookings/{bookingId}': { asset: { tableStatus: 'SEATED' } },
};

/** Fields a generated example needs beyond its JSON Schema, for rules across fields (`undefined` removes one). */
const requestPatches: Record<string, Record<string, Json | undefined>> = {
  'post /loyalty/members': { memberReference: 'member_01JD8Y3S9B' },
  'post /payments/test': { memberId: null },
  'post /manage/users': { merchantId: 'mer_01JD8Y3S9B', password: 'plum-tram-evening-42' },
  'patch /manage/users/{userId}': { role: 'MANAGER', merchantId: 'mer_01JD8Y3S9B' },
  'patch /manage/locations/{locationId}': { name: 'Demo Bistro Harbour', timezone: 'Australia/Sydney' },
};
const responsePatches: Record<string, Record<string, Json | undefined>> = {
  'post /payments/test': { memberReference: undefined },
};

function patched(example: Json, patch: Record<string, Json | undefined> | undefined): Json {
  if (!patch || typeof example !== 'object' || example === null || Array.isArray(example)) return example;
  const result: Record<string, Json> = { ...example };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete result[key];
    else result[key] = value;
  }
  return result;
}

const PATTERN_CANDIDATES = ['TYRO', 'ABCD-EFGH', 'example', 'EXAMPLE', '1', 'a1'];

/** What a value of a property named `name` looks like, where its schema alone says little. */
function namedValue(name: string | undefined, schema: JsonSchema): Json | undefined {
  const isString = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
  if (!name || !isString || schema.format || schema.pattern) return undefined;
  if (name === 'currency') return 'AUD';
  if (/At$|Time$|DateTime$/.test(name)) return name.includes('Zoned') ? ZONED : AT;
  if (name === 'firstName') return 'Charlotte';
  if (name === 'locationId' || name === 'tcLocationId') return 'demo-bistro-cbd';
  if (/uri|url/i.test(name)) return 'https://hub.example.com/connect/orders/ord_01JD8Y3S9B';
  if (name === 'id' || name.endsWith('Id') || name.endsWith('Reference')) return `${name.replace(/Id$|Reference$/, '') || 'id'}_01JD8Y3S9B`;
  if (/name$/i.test(name)) return 'Demo Bistro';
  if (/description|notes|reason/i.test(name)) return 'Extra hot';
  return undefined;
}

/** A value valid for `schema`, as small as it can be while still showing the shape (every property for answers). */
function exampleOf(schema: JsonSchema, root: JsonSchema, everyProperty: boolean, name?: string, depth = 0): Json {
  if (schema.$ref) return exampleOf(root.$defs?.[schema.$ref.split('/').pop()!] ?? {}, root, everyProperty, name, depth);
  if (schema.examples?.length) return schema.examples[0]!;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0]!;
  if (schema.default !== undefined && !everyProperty) return schema.default;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return exampleOf(choices.find((choice) => choice.type !== 'null') ?? choices[0]!, root, everyProperty, name, depth);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, root, everyProperty, name, depth)));
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, Json> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        // Answers show their optional members too, but only near the top: nested lines (modifiers of modifiers) stay lean.
        if (schema.required?.includes(key) || (everyProperty && depth < 3)) result[key] = exampleOf(property, root, everyProperty, key, depth + 1);
      }
      // The booking id is also returned as tcBookingId (docs/contract.md#bookings).
      if ('tcBookingId' in result && 'id' in result) result.tcBookingId = result.id!;
      return result;
    }
    case 'array': {
      const item = schema.items ?? schema.prefixItems?.[0];
      if (!item || (depth >= 3 && !schema.minItems)) return [];
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(item, root, everyProperty, name, depth + 1));
    }
    case 'integer':
    case 'number': {
      if (name === 'amount') return 1250;
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      const high = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      return low <= 1 && high >= 1 ? 1 : Math.min(low, high);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.format === 'date-time') return AT;
      if (schema.format === 'date') return '2026-11-22';
      if (schema.format === 'email') return 'guest@example.com';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://hooks.example.com/counterpart';
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        const fitting = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate));
        if (fitting) return fitting;
      }
      const named = namedValue(name, schema);
      const text = named ?? (schema.minLength && schema.minLength > 6 ? 'x'.repeat(schema.minLength) : 'example');
      return typeof text === 'string' && schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
    }
    default:
      return {};
  }
}

export function exampleFor(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return exampleOf(json, json, io === 'output');
}

export interface OperationExample {
  method: string;
  path: string;
  request?: { contentType: string; schema: z.ZodType; example: Json };
  response?: { status: string; schema: z.ZodType; example: Json };
}

let cached: Map<string, OperationExample> | undefined;

/**
 * A request and a response example for every operation of the API, made from the zod schemas that validate the
 * requests and shape the answers (the ones the OpenAPI document is generated from), keyed `"method path"`.
 */
export function operationExamples(): Map<string, OperationExample> {
  if (cached) return cached;
  cached = new Map();
  for (const route of api.operations) {
    const key = `${route.method} ${route.path}`;
    const entry: OperationExample = { method: route.method, path: route.path };
    const [contentType, body] = Object.entries(route.request?.body?.content ?? {})[0] ?? [];
    const requestSchema = body && 'schema' in body ? body.schema : undefined;
    if (contentType && requestSchema instanceof z.ZodType) {
      entry.request = {
        contentType,
        schema: requestSchema,
        example: requestOverrides[key] ?? patched(exampleFor(requestSchema, 'input'), requestPatches[key]),
      };
    }
    for (const [status, response] of Object.entries(route.responses)) {
      const media = 'content' in response ? Object.values(response.content ?? {})[0] : undefined;
      const schema = media && 'schema' in media ? media.schema : undefined;
      if (Number(status) < 300 && schema instanceof z.ZodType) {
        entry.response = { status, schema, example: patched(exampleFor(schema, 'output'), responsePatches[key]) };
        break;
      }
    }
    cached.set(key, entry);
  }
  return cached;
}
