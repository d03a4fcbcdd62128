import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { jsonDepth, MAX_JSON_DEPTH, parseJson } from './request-body';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON bodies', () => {
  it('measures nesting depth without recursion', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: null }], c: 'x' })).toBe(3);
    expect(jsonDepth(JSON.parse(nested(200_000)))).toBe(200_000);
  });

  it(`accepts a body ${MAX_JSON_DEPTH} levels deep and refuses one level more with 422 NESTING_TOO_DEEP`, () => {
    expect(jsonDepth(parseJson(nested(MAX_JSON_DEPTH)))).toBe(MAX_JSON_DEPTH);
    const error = (() => {
      try {
        parseJson(nested(MAX_JSON_DEPTH + 1));
      } catch (caught) {
        return caught as ApiError;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error!.status, code: error!.code }).toEqual({ status: 422, code: 'NESTING_TOO_DEEP' });
  });

  it('answers malformed JSON with 400 INVALID_JSON', () => {
    expect(() => parseJson('{"a":')).toThrow(expect.objectContaining({ status: 400, code: 'INVALID_JSON' }));
  });
});
