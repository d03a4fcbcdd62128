import { describe, expect, it } from 'vitest';
import { passMoves } from '@/components/orders/order-format';

const statuses = (moves: { status: string }[]) => moves.map((move) => move.status);

// The board offers only what the status table (docs/domain.md#order-status) allows for the order (the same rules as a POS PATCH).
describe('the moves the board offers', () => {
  it.each([
    ['PICK_UP', ['FULFILLED', 'CANCELLED_BY_MERCHANT']],
    ['DINE_IN', ['FULFILLED', 'CANCELLED_BY_MERCHANT']],
    [null, ['FULFILLED', 'CANCELLED_BY_MERCHANT']],
    ['DELIVERY', ['OUT_FOR_DELIVERY', 'CANCELLED_BY_MERCHANT']],
  ] as const)('a READY %s order: %j', (fulfilmentType, expected) => {
    expect(statuses(passMoves('READY', fulfilmentType))).toEqual(expected);
  });

  it('never fulfils an order out for delivery: only a cancellation is left', () => {
    expect(statuses(passMoves('OUT_FOR_DELIVERY', 'DELIVERY'))).toEqual(['CANCELLED_BY_MERCHANT']);
    expect(statuses(passMoves('OUT_FOR_DELIVERY', null))).toEqual(['CANCELLED_BY_MERCHANT']);
  });

  it('accepts or rejects a new order, and offers nothing on a final one', () => {
    expect(statuses(passMoves('CREATED', 'DELIVERY'))).toEqual(['ACCEPTED', 'REJECTED']);
    expect(passMoves('FULFILLED', 'PICK_UP')).toEqual([]);
  });
});
