import { describe, expect, it } from 'vitest';
import { sampleOrderRequests } from '@/lib/orders/sample-orders.fixture';
import { canonicalJson, contentDigest } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members, so key order never changes the text', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: undefined, x: 'é' }], c: null } })).toBe('{"a":{"c":null,"d":[{"x":"é","z":1}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('keeps the digests already stored for idempotent creates', () => {
    // Digests of the published sample orders as the first release computed them; an idempotent re-send of an order
    // created then must still match.
    expect(contentDigest(sampleOrderRequests.newOrder)).toBe(STORED_NEW_ORDER_DIGEST);
  });
});

const STORED_NEW_ORDER_DIGEST = 'kWL-M1udu6ScYpKZIOQ6r9UKBT8gB0P_pXFQWsMWGOc';
