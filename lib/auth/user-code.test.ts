import { describe, expect, it } from 'vitest';
import { formatUserCode, generateUserCode, normaliseUserCode, USER_CODE_ALPHABET } from './user-code';

describe('user codes', () => {
  it('uses no look-alike characters and no vowels', () => {
    for (const character of '0O1IL5S2Z8BAEU') expect(USER_CODE_ALPHABET).not.toContain(character);
  });

  it('generates 8 characters from the alphabet, shown as XXXX-XXXX', () => {
    const codes = new Set(Array.from({ length: 200 }, generateUserCode));
    expect(codes.size).toBeGreaterThan(195);
    for (const code of codes) {
      expect(code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`));
      expect(formatUserCode(code)).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    }
  });

  it('reads what people type whatever the case, dashes and spaces', () => {
    expect(normaliseUserCode('WDJP-MXHQ')).toBe('WDJPMXHQ');
    expect(normaliseUserCode('wdjp-mxhq')).toBe('WDJPMXHQ');
    expect(normaliseUserCode(' wdjpmxhq ')).toBe('WDJPMXHQ');
    expect(normaliseUserCode('WD JP - MX HQ')).toBe('WDJPMXHQ');
  });

  it('rejects input that cannot be a code', () => {
    expect(normaliseUserCode('WDJP-MXH')).toBeUndefined();
    expect(normaliseUserCode('WDJP-MXHQQ')).toBeUndefined();
    expect(normaliseUserCode('WDJP-MXH0')).toBeUndefined();
    expect(normaliseUserCode("'; drop table--")).toBeUndefined();
  });
});
