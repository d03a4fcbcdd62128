import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_MODIFIER_DEPTH } from '@/lib/orders/schema';
import { MAX_JSON_DEPTH } from '@/lib/api/request-body';
import { useTestDatabase } from '@/lib/testing/database';
import { orderRequest, orderingWorld, postOrder } from '@/app/_testing/orders';

// docs/contract.md#errors: absurd nesting is the client's error. Modifiers nested 800 deep used to overflow the stack in the
// schema (a 500); now modifiers nest at most MAX_MODIFIER_DEPTH levels and any body at most MAX_JSON_DEPTH.
const database = useTestDatabase();
let world: Awaited<ReturnType<typeof orderingWorld>>;

beforeAll(async () => {
  world = await orderingWorld(database.db());
});

const modifier = (id: string, modifiers?: unknown[]) => ({
  id,
  unitPrice: { amount: 50, currency: 'AUD' },
  sku: `sku-${id}`,
  description: `Modifier ${id}`,
  quantity: 1,
  ...(modifiers ? { modifiers } : {}),
});

/** The sample order whose first item carries a chain of `levels` nested modifiers. */
function orderWithModifierLevels(levels: number) {
  return orderRequest(world.locationId, (order) => {
    let chain: unknown[] | undefined;
    for (let level = levels; level >= 1; level--) chain = [modifier(`m${level}`, chain)];
    order.items[0].modifiers = chain;
  });
}

const modifiersPath = (levels: number) => ['items', 0, ...Array.from({ length: levels }, () => ['modifiers', 0]).flat()].slice(0, -1).join('.');

describe('POST /connect/orders — nesting', () => {
  it(`accepts modifiers nested ${MAX_MODIFIER_DEPTH} levels deep`, async () => {
    const response = await postOrder(world.app.token, orderWithModifierLevels(MAX_MODIFIER_DEPTH));
    expect(response.status).toBe(201);
    let level = (await response.json()).items[0];
    for (let depth = 0; depth < MAX_MODIFIER_DEPTH; depth++) level = level.modifiers[0];
    expect(level.id).toBe(`m${MAX_MODIFIER_DEPTH}`);
  });

  it(`refuses modifiers nested ${MAX_MODIFIER_DEPTH + 1} levels deep with 422 naming the place`, async () => {
    const response = await postOrder(world.app.token, orderWithModifierLevels(MAX_MODIFIER_DEPTH + 1));
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = await response.json();
    expect(problem).toMatchObject({ status: 422, code: 'NESTING_TOO_DEEP', detail: `Modifiers nest at most ${MAX_MODIFIER_DEPTH} levels deep.` });
    expect(problem.errors).toContainEqual({ segment: 'body', path: modifiersPath(MAX_MODIFIER_DEPTH + 1), message: problem.detail });
  });

  it('still reports the other violations of the same request beside the nesting', async () => {
    const order = orderWithModifierLevels(MAX_MODIFIER_DEPTH + 2);
    delete order.total;
    const problem = await (await postOrder(world.app.token, order)).json();
    expect(problem.code).toBe('NESTING_TOO_DEEP');
    expect(problem.errors.map((error: { path: string }) => error.path)).toContain('total');
  });

  it('refuses modifiers nested 800 levels deep with 422, not a stack overflow', async () => {
    const response = await postOrder(world.app.token, orderWithModifierLevels(800));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: 'NESTING_TOO_DEEP',
      detail: `Request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`,
    });
  });

  it('refuses any JSON body nested deeper than the limit before the schema walks it', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await postOrder(world.app.token, deep);
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('NESTING_TOO_DEEP');
  });
});
