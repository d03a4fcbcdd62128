import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { partners } from '@/db/schema';
import { ApiError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { assertInScope, type MerchantCaller } from '@/lib/tenancy/scope';
import { createOrder } from './create-order';
import type { OrderRow } from './order-record';
import { createOrderRequestSchema } from './schema';

/** The demo tenant's ordering app (docs/contract.md#demo-tenant), connected to both demo locations. */
export const DEMO_ORDERING_APP_NAME = 'Demo Ordering App';

const MENU = [
  { sku: 'FW-REG', description: 'Flat white', price: 480, modifiers: [{ sku: 'OAT', description: 'Oat milk', price: 80 }] },
  { sku: 'BRK-BIG', description: 'Big breakfast', price: 2450, modifiers: [{ sku: 'X-BACON', description: 'Extra bacon', price: 450 }] },
  { sku: 'SMASH', description: 'Smashed avocado on sourdough', price: 1890, modifiers: [{ sku: 'FETA', description: 'Add feta', price: 300 }] },
  { sku: 'CHK-BRG', description: 'Chicken burger', price: 2200, modifiers: [{ sku: 'NO-TOM', description: 'No tomato', price: 0 }] },
  { sku: 'FRIES-L', description: 'Large fries', price: 850, modifiers: [] },
] as const;
const FIRST_NAMES = ['Charlotte', 'Oliver', 'Amelia', 'Jack', 'Isla', 'Noah', 'Mia', 'Leo'];

const pick = <T>(values: readonly T[]): T => values[randomInt(values.length)]!;

/** A plausible order for the sandbox, built like an app would send it (validated by the same schema). */
export function sampleOrderRequest(locationId: string) {
  const lines = [...MENU].sort(() => randomInt(3) - 1).slice(0, 2 + randomInt(2));
  const items = lines.map((line, index) => {
    const withModifier = line.modifiers.length > 0 && randomInt(2) === 1;
    return {
      id: `item-${index + 1}`,
      sku: line.sku,
      description: line.description,
      quantity: 1 + randomInt(2),
      unitPrice: { amount: line.price, currency: 'AUD' },
      ...(withModifier
        ? {
            modifiers: line.modifiers.map((modifier, m) => ({
              id: `item-${index + 1}-mod-${m + 1}`,
              sku: modifier.sku,
              description: modifier.description,
              quantity: 1,
              unitPrice: { amount: modifier.price, currency: 'AUD' },
            })),
          }
        : {}),
      ...(index === 0 ? { allergens: [{ description: 'Nuts' }], notes: 'Well done, please.' } : {}),
    };
  });
  const itemsTotal = items.reduce(
    (total, item) => total + (item.unitPrice.amount + (item.modifiers ?? []).reduce((sum, modifier) => sum + modifier.unitPrice.amount, 0)) * item.quantity,
    0,
  );
  const tip = pick([0, 200, 500]);
  const dineIn = randomInt(2) === 1;
  const reference = `S-${randomInt(100, 1000)}`;
  return createOrderRequestSchema.parse({
    locationId,
    origin: { orderId: `sample-${newId()}`, orderReference: reference },
    fulfilment: { type: dineIn ? 'DINE_IN' : 'PICK_UP' },
    ...(dineIn ? { table: { id: String(randomInt(1, 21)), section: 'Main' } } : {}),
    customers: [{ firstName: pick(FIRST_NAMES) }],
    items,
    ...(tip ? { tip: { amount: tip, currency: 'AUD' } } : {}),
    total: { amount: itemsTotal + tip, currency: 'AUD' },
  });
}

/**
 * The dashboard sandbox: the demo ordering app sends a sample order to one of the merchant's locations, through
 * the same createOrder as POST /orders, so the POS hears about it exactly as it would about a real one.
 */
export async function sendSampleOrder(db: Executor, { locationId, ...merchant }: MerchantCaller & { locationId: string }): Promise<OrderRow> {
  await assertInScope(db, merchant, locationId);
  const [app] = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(and(eq(partners.name, DEMO_ORDERING_APP_NAME), eq(partners.type, 'ORDERING_APP')))
    .limit(1);
  if (!app) throw new ApiError('UNPROCESSABLE_ENTITY', `The sandbox needs the "${DEMO_ORDERING_APP_NAME}" partner, which this installation does not have.`);
  const scope = { kind: 'PARTNER_CONNECTIONS', partnerId: app.id } as const;
  const { order } = await createOrder(db, { partnerId: app.id, partnerName: app.name, scope }, sampleOrderRequest(locationId));
  return order;
}
