import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { decodePathSegment } from './path-segments';

describe('path segments', () => {
  it('decodes well-formed percent-encoding', () => {
    expect(decodePathSegment('caf%C3%A9')).toBe('café');
    expect(decodePathSegment('a%2Fb')).toBe('a/b');
    expect(decodePathSegment('')).toBe('');
  });

  it.each(['%', '%E0%A4%A', '%zz', '%C3', '%ED%A0%80'])('refuses the malformed %s with 400', (segment) => {
    const error = (() => {
      try {
        decodePathSegment(segment);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
  });

  it.each(['%00', 'a%0Ab', '%7F', '%1B'])('refuses the control character in %s, which the database would refuse', (segment) => {
    expect(() => decodePathSegment(segment)).toThrow(/control character/);
  });
});
