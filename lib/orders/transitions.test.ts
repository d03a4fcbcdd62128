import { describe, expect, it } from 'vitest';
import {
  decideStatusChange,
  FINAL_ORDER_STATUSES,
  ORDER_STATUSES,
  orderEventType,
  PATCH_ORDER_STATUSES,
  type OrderStatus,
  type PatchOrderStatus,
  type StatusChangeActor,
} from './transitions';

// Written by hand from docs/contract.md#tables and the status table (docs/domain.md#order-status), not derived from the implementation.
// c = change, n = no-op, f = forbidden (403), x = conflict (409).
const columns: PatchOrderStatus[] = [
  'ACCEPTED',
  'REJECTED',
  'BEING_PREPARED',
  'READY',
  'OUT_FOR_DELIVERY',
  'CANCELLED_BY_MERCHANT',
  'CANCELLED_BY_CUSTOMER',
  'FULFILLED',
];

// A POS and the merchant's board follow the same table (docs/contract.md#merchant-moves). Rows are the current status. The fulfilment
// type matters (docs/domain.md#order-status): OUT_FOR_DELIVERY applies "where applicable" (not to PICK_UP or DINE_IN),
// FULFILLED is "not applicable if dispatched for delivery" (not to a DELIVERY order, nor from OUT_FOR_DELIVERY).
type Table = Record<OrderStatus, string>;

const POS_TYPE_UNKNOWN: Table = {
  CREATED: 'c c c c c c c c',
  ACCEPTED: 'n c c c c c c c',
  REJECTED: 'x n x x x x x x',
  BEING_PREPARED: 'c c n c c c c c',
  READY: 'c c c n c c c c',
  OUT_FOR_DELIVERY: 'c c c c n c c x',
  CANCELLED_BY_MERCHANT: 'x x x x x n x x',
  CANCELLED_BY_CUSTOMER: 'x x x x x x n x',
  FULFILLED: 'x x x x x x x n',
};

const POS_PICKED_UP_OR_EATEN_IN: Table = {
  CREATED: 'c c c c x c c c',
  ACCEPTED: 'n c c c x c c c',
  REJECTED: 'x n x x x x x x',
  BEING_PREPARED: 'c c n c x c c c',
  READY: 'c c c n x c c c',
  OUT_FOR_DELIVERY: 'c c c c n c c x',
  CANCELLED_BY_MERCHANT: 'x x x x x n x x',
  CANCELLED_BY_CUSTOMER: 'x x x x x x n x',
  FULFILLED: 'x x x x x x x n',
};

const POS_DELIVERY: Table = {
  CREATED: 'c c c c c c c x',
  ACCEPTED: 'n c c c c c c x',
  REJECTED: 'x n x x x x x x',
  BEING_PREPARED: 'c c n c c c c x',
  READY: 'c c c n c c c x',
  OUT_FOR_DELIVERY: 'c c c c n c c x',
  CANCELLED_BY_MERCHANT: 'x x x x x n x x',
  CANCELLED_BY_CUSTOMER: 'x x x x x x n x',
  FULFILLED: 'x x x x x x x n',
};

const APP_NOT_DELIVERY: Table = {
  CREATED: 'f f f f f f c c',
  ACCEPTED: 'f f f f f f c c',
  REJECTED: 'f f f f f f x x',
  BEING_PREPARED: 'f f f f f f c c',
  READY: 'f f f f f f c c',
  OUT_FOR_DELIVERY: 'f f f f f f c x',
  CANCELLED_BY_MERCHANT: 'f f f f f f x x',
  CANCELLED_BY_CUSTOMER: 'f f f f f f n x',
  FULFILLED: 'f f f f f f x n',
};

const APP_DELIVERY: Table = {
  CREATED: 'f f f f f f c x',
  ACCEPTED: 'f f f f f f c x',
  REJECTED: 'f f f f f f x x',
  BEING_PREPARED: 'f f f f f f c x',
  READY: 'f f f f f f c x',
  OUT_FOR_DELIVERY: 'f f f f f f c x',
  CANCELLED_BY_MERCHANT: 'f f f f f f x x',
  CANCELLED_BY_CUSTOMER: 'f f f f f f n x',
  FULFILLED: 'f f f f f f x n',
};

const FULFILMENT_TYPES = [undefined, 'PICK_UP', 'DINE_IN', 'DELIVERY'] as const;
type FulfilmentCase = (typeof FULFILMENT_TYPES)[number];

function expectedTable(actor: StatusChangeActor, fulfilmentType: FulfilmentCase): Table {
  if (actor === 'ORDERING_APP') return fulfilmentType === 'DELIVERY' ? APP_DELIVERY : APP_NOT_DELIVERY;
  if (fulfilmentType === 'DELIVERY') return POS_DELIVERY;
  return fulfilmentType ? POS_PICKED_UP_OR_EATEN_IN : POS_TYPE_UNKNOWN;
}

const kinds = { c: 'change', n: 'noop', f: 'forbidden', x: 'conflict' } as const;
const ACTORS: StatusChangeActor[] = ['POS', 'MERCHANT', 'ORDERING_APP'];

const combinations = ACTORS.flatMap((actor) =>
  FULFILMENT_TYPES.flatMap((fulfilmentType) =>
    ORDER_STATUSES.flatMap((current) => {
      const row = expectedTable(actor, fulfilmentType)[current];
      return row.split(' ').map((code, column) => ({
        actor,
        fulfilmentType,
        current,
        next: columns[column]!,
        kind: kinds[code as keyof typeof kinds],
      }));
    }),
  ),
);

describe('decideStatusChange', () => {
  it('the expectation tables cover every (current, next, actor, fulfilment type) combination', () => {
    expect(combinations).toHaveLength(ORDER_STATUSES.length * PATCH_ORDER_STATUSES.length * ACTORS.length * FULFILMENT_TYPES.length);
    expect(new Set(combinations.map((c) => `${c.actor}/${c.fulfilmentType}/${c.current}/${c.next}`)).size).toBe(combinations.length);
  });

  it.each(combinations)('$actor, $fulfilmentType order: $current -> $next is $kind', ({ actor, fulfilmentType, current, next, kind }) => {
    const decision = decideStatusChange({ order: { status: current, fulfilmentType }, next, actor });
    expect(decision.kind).toBe(kind);
    if (decision.kind === 'conflict') {
      expect(decision.message.startsWith(`Order status conflict. Order status ${current} cannot be updated to ${next}`)).toBe(true);
    }
  });

  it('words a conflict exactly as partner clients expect', () => {
    expect(decideStatusChange({ order: { status: 'REJECTED' }, next: 'ACCEPTED', actor: 'POS' })).toEqual({
      kind: 'conflict',
      message: 'Order status conflict. Order status REJECTED cannot be updated to ACCEPTED.',
    });
    expect(decideStatusChange({ order: { status: 'REJECTED' }, next: 'CANCELLED_BY_CUSTOMER', actor: 'ORDERING_APP' })).toEqual({
      kind: 'conflict',
      message: 'Order status conflict. Order status REJECTED cannot be updated to CANCELLED_BY_CUSTOMER.',
    });
  });

  it('refuses every update of an auto-rejected order, REJECTED again included (docs/domain.md#auto-reject)', () => {
    for (const actor of ['POS', 'MERCHANT'] as const) {
      for (const next of PATCH_ORDER_STATUSES) {
        expect(decideStatusChange({ order: { status: 'REJECTED', autoRejected: true }, next, actor })).toEqual({
          kind: 'conflict',
          message: `Order status conflict. Order status REJECTED cannot be updated to ${next}: the order was rejected automatically (AUTO_REJECTED_BY_TIMEOUT) and accepts no further update.`,
        });
      }
    }
    // An app is still told first that it may not set the status at all.
    expect(decideStatusChange({ order: { status: 'REJECTED', autoRejected: true }, next: 'REJECTED', actor: 'ORDERING_APP' })).toEqual({ kind: 'forbidden' });
    expect(decideStatusChange({ order: { status: 'REJECTED', autoRejected: true }, next: 'FULFILLED', actor: 'ORDERING_APP' }).kind).toBe('conflict');
  });

  it('says why a status does not apply to the order', () => {
    const message = (order: { status: OrderStatus; fulfilmentType?: 'PICK_UP' | 'DINE_IN' | 'DELIVERY' }, next: PatchOrderStatus) => {
      const decision = decideStatusChange({ order, next, actor: 'POS' });
      return decision.kind === 'conflict' ? decision.message : decision.kind;
    };
    expect(message({ status: 'READY', fulfilmentType: 'PICK_UP' }, 'OUT_FOR_DELIVERY')).toBe(
      'Order status conflict. Order status READY cannot be updated to OUT_FOR_DELIVERY: a PICK_UP order is not delivered.',
    );
    expect(message({ status: 'READY', fulfilmentType: 'DELIVERY' }, 'FULFILLED')).toBe(
      'Order status conflict. Order status READY cannot be updated to FULFILLED: a DELIVERY order is dispatched for delivery, not picked up.',
    );
    expect(message({ status: 'OUT_FOR_DELIVERY' }, 'FULFILLED')).toBe(
      'Order status conflict. Order status OUT_FOR_DELIVERY cannot be updated to FULFILLED: the order was dispatched for delivery, not picked up.',
    );
  });
});

describe('status lists', () => {
  it('has exactly the four final statuses of docs/contract.md#orders', () => {
    expect([...FINAL_ORDER_STATUSES].sort()).toEqual(['CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT', 'FULFILLED', 'REJECTED']);
  });

  it('lets PATCH set every status except CREATED', () => {
    expect(PATCH_ORDER_STATUSES).toEqual(columns);
  });
});

describe('orderEventType', () => {
  it.each([
    ['CREATED', 'ORDER_CREATED'],
    ['ACCEPTED', 'ORDER_ACCEPTED'],
    ['REJECTED', 'ORDER_REJECTED'],
    ['BEING_PREPARED', 'ORDER_BEING_PREPARED'],
    ['READY', 'ORDER_READY'],
    ['OUT_FOR_DELIVERY', 'ORDER_OUT_FOR_DELIVERY'],
    ['FULFILLED', 'ORDER_FULFILLED'],
    ['CANCELLED_BY_MERCHANT', 'ORDER_CANCELLED_BY_MERCHANT'],
    ['CANCELLED_BY_CUSTOMER', 'ORDER_CANCELLED_BY_CUSTOMER'],
  ] as const)('%s -> %s', (status, type) => {
    expect(orderEventType(status)).toBe(type);
  });
});
