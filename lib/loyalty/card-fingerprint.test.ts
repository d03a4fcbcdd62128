import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardFingerprint, isLuhnValid, lastFour, syntheticCardNumber } from './card-fingerprint';

const KEY = 'k'.repeat(32);
const OTHER_KEY = 'q'.repeat(32);
const VISA = '4111111111111111';

describe('cardFingerprint', () => {
  it('is the base64url HMAC-SHA256 of the digits under the key', () => {
    expect(cardFingerprint(KEY, VISA)).toBe(createHmac('sha256', KEY).update(VISA).digest('base64url'));
  });

  it.each([
    { name: 'grouped with spaces', pan: '4111 1111 1111 1111' },
    { name: 'grouped with hyphens', pan: '4111-1111-1111-1111' },
    { name: 'with surrounding whitespace', pan: ' 4111111111111111\n' },
  ])('is stable for a card number $name', ({ pan }) => {
    expect(cardFingerprint(KEY, pan)).toBe(cardFingerprint(KEY, VISA));
  });

  it('depends on the key', () => {
    expect(cardFingerprint(KEY, VISA)).not.toBe(cardFingerprint(OTHER_KEY, VISA));
  });

  it('treats a string key as its UTF-8 bytes', () => {
    expect(cardFingerprint(new TextEncoder().encode(KEY), VISA)).toBe(cardFingerprint(KEY, VISA));
  });

  it('tells cards apart', () => {
    expect(cardFingerprint(KEY, VISA)).not.toBe(cardFingerprint(KEY, '5555555555554444'));
  });

  it.each([
    { name: 'a 16-digit Visa', pan: VISA },
    { name: 'a 15-digit Amex', pan: '378282246310005' },
    { name: 'a 19-digit card', pan: '6011000990139424123' },
  ])('never contains the card number of $name', ({ pan }) => {
    const fingerprint = cardFingerprint(KEY, pan);
    expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fingerprint).not.toContain(pan);
    expect(fingerprint).not.toContain(pan.slice(0, 6));
  });

  it.each([
    { name: 'letters', pan: '4111abcd11111111' },
    { name: 'too few digits', pan: '41111111111' },
    { name: 'too many digits', pan: '41111111111111111111' },
    { name: 'an empty string', pan: '' },
  ])('refuses a card number with $name, without quoting it', ({ pan }) => {
    expect(() => cardFingerprint(KEY, pan)).toThrow(RangeError);
    try {
      cardFingerprint(KEY, pan);
    } catch (error) {
      if (pan) expect((error as Error).message).not.toContain(pan);
    }
  });

  it.each([
    { name: 'an empty string key', key: '' },
    { name: 'a 31-byte key', key: 'k'.repeat(31) },
    { name: 'a 16-byte binary key', key: new Uint8Array(16) },
  ])('refuses $name', ({ key }) => {
    expect(() => cardFingerprint(key, VISA)).toThrow(/at least 32 bytes/);
  });
});

describe('lastFour', () => {
  it.each([
    { pan: VISA, expected: '1111' },
    { pan: '5555 5555 5555 4444', expected: '4444' },
    { pan: '3782-822463-10005', expected: '0005' },
  ])('of $pan is $expected', ({ pan, expected }) => {
    expect(lastFour(pan)).toBe(expected);
  });

  it('refuses something that is not a card number', () => {
    expect(() => lastFour('1234')).toThrow(RangeError);
  });
});

describe('isLuhnValid', () => {
  it.each([
    { name: 'a Visa test card', pan: VISA, valid: true },
    { name: 'a Mastercard test card with spaces', pan: '5555 5555 5555 4444', valid: true },
    { name: 'an Amex test card', pan: '378282246310005', valid: true },
    { name: 'a wrong check digit', pan: '4111111111111112', valid: false },
    { name: 'two swapped digits', pan: '4111111111111161', valid: false },
    { name: 'a valid Luhn number too short for a card', pan: '79927398713', valid: false },
    { name: 'letters', pan: 'abcdabcdabcdabcd', valid: false },
  ])('$name → $valid', ({ pan, valid }) => {
    expect(isLuhnValid(pan)).toBe(valid);
  });
});

describe('syntheticCardNumber', () => {
  it('gives the same card for the same seed', () => {
    expect(syntheticCardNumber('partner-1:member-1:1')).toBe(syntheticCardNumber('partner-1:member-1:1'));
  });

  it.each([
    { name: 'another card of the same member', a: 'partner-1:member-1:1', b: 'partner-1:member-1:2' },
    { name: 'the same member id at another partner', a: 'partner-1:member-1:1', b: 'partner-2:member-1:1' },
  ])('gives a different card for $name', ({ a, b }) => {
    expect(syntheticCardNumber(a)).not.toBe(syntheticCardNumber(b));
  });

  it('gives 16-digit Luhn-valid numbers outside the major card ranges', () => {
    for (let i = 0; i < 500; i++) {
      const pan = syntheticCardNumber(`seed-${i}`);
      expect(pan).toMatch(/^9\d{15}$/);
      expect(isLuhnValid(pan)).toBe(true);
    }
  });

  it('gives numbers the fingerprint accepts', () => {
    const pan = syntheticCardNumber('ab6775c4-b446-4cd7-b2b6-d4dae6e9563b');
    expect(cardFingerprint(KEY, pan)).toHaveLength(43);
    expect(lastFour(pan)).toBe(pan.slice(-4));
  });
});
