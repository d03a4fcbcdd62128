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

// Written by hand from CONTRACT §6, not derived from the implementation.
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

const expected: Record<StatusChangeActor, Record<OrderStatus, string>> = {
  POS: {
    CREATED: 'c c c c c c c c',
    ACCEPTED: 'n c c c c c c c',
    REJECTED: 'x n x x x x x x',
    BEING_PREPARED: 'c c n c c c c c',
    READY: 'c c c n c c c c',
    OUT_FOR_DELIVERY: 'c c c c n c c c',
    CANCELLED_BY_MERCHANT: 'x x x x x n x x',
    CANCELLED_BY_CUSTOMER: 'x x x x x x n x',
    FULFILLED: 'x x x x x x x n',
  },
  // CONTRACT §7: a merchant moves an order on the board by the same rules as a POS PATCH.
  MERCHANT: {
    CREATED: 'c c c c c c c c',
    ACCEPTED: 'n c c c c c c c',
    REJECTED: 'x n x x x x x x',
    BEING_PREPARED: 'c c n c c c c c',
    READY: 'c c c n c c c c',
    OUT_FOR_DELIVERY: 'c c c c n c c c',
    CANCELLED_BY_MERCHANT: 'x x x x x n x x',
    CANCELLED_BY_CUSTOMER: 'x x x x x x n x',
    FULFILLED: 'x x x x x x x n',
  },
  ORDERING_APP: {
    CREATED: 'f f f f f f c c',
    ACCEPTED: 'f f f f f f c c',
    REJECTED: 'f f f f f f x x',
    BEING_PREPARED: 'f f f f f f c c',
    READY: 'f f f f f f c c',
    OUT_FOR_DELIVERY: 'f f f f f f c c',
    CANCELLED_BY_MERCHANT: 'f f f f f f x x',
    CANCELLED_BY_CUSTOMER: 'f f f f f f n x',
    FULFILLED: 'f f f f f f x n',
  },
};

const kinds = { c: 'change', n: 'noop', f: 'forbidden', x: 'conflict' } as const;

const combinations = (Object.keys(expected) as StatusChangeActor[]).flatMap((actor) =>
  ORDER_STATUSES.flatMap((current) =>
    expected[actor][current].split(' ').map((code, column) => ({
      actor,
      current,
      next: columns[column]!,
      kind: kinds[code as keyof typeof kinds],
    })),
  ),
);

describe('decideStatusChange', () => {
  it('the expectation table covers every (current, next, actor) combination', () => {
    expect(combinations).toHaveLength(ORDER_STATUSES.length * PATCH_ORDER_STATUSES.length * 3);
    expect(new Set(combinations.map((c) => `${c.actor}/${c.current}/${c.next}`)).size).toBe(combinations.length);
  });

  it.each(combinations)('$actor: $current -> $next is $kind', ({ actor, current, next, kind }) => {
    const decision = decideStatusChange({ current, next, actor });
    expect(decision.kind).toBe(kind);
    if (decision.kind === 'conflict') {
      expect(decision.message).toBe(`Order status conflict. Order status ${current} cannot be updated to ${next}.`);
    }
  });

  it('words a conflict exactly as partner clients expect', () => {
    expect(decideStatusChange({ current: 'REJECTED', next: 'ACCEPTED', actor: 'POS' })).toEqual({
      kind: 'conflict',
      message: 'Order status conflict. Order status REJECTED cannot be updated to ACCEPTED.',
    });
    expect(decideStatusChange({ current: 'REJECTED', next: 'CANCELLED_BY_CUSTOMER', actor: 'ORDERING_APP' })).toEqual({
      kind: 'conflict',
      message: 'Order status conflict. Order status REJECTED cannot be updated to CANCELLED_BY_CUSTOMER.',
    });
  });
});

describe('status lists', () => {
  it('has exactly the four final statuses of CONTRACT §6', () => {
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
