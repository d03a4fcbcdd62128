import { describe, expect, it } from 'vitest';
import { generateMemberReference } from './member-reference';
import { registerMemberRequestSchema } from './schema';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('generateMemberReference', () => {
  it('is a random (version 4) UUID, like the reference example', () => {
    expect(generateMemberReference()).toMatch(UUID_V4);
  });

  it('never repeats', () => {
    const references = new Set(Array.from({ length: 10_000 }, generateMemberReference));
    expect(references.size).toBe(10_000);
  });

  it('does not follow creation order, unlike sortable ids', () => {
    const references = Array.from({ length: 50 }, generateMemberReference);
    expect(references).not.toEqual([...references].sort());
  });

  it('is what POST /loyalty/members accepts as memberReference', () => {
    const memberReference = generateMemberReference();
    const request = registerMemberRequestSchema.parse({ origin: { memberId: 'member-1' }, locationId: 'loc-1', memberReference });
    expect(request.memberReference).toBe(memberReference);
  });
});
