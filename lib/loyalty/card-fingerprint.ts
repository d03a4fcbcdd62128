import { createHash, createHmac } from 'node:crypto';

// docs/contract.md#loyalty: card numbers are never stored; a card is known by a keyed fingerprint and its
// last four digits. Keyed (HMAC) rather than a plain hash, because the space of card numbers is small
// enough to enumerate: without the key a stolen fingerprint reveals nothing.

/** HMAC-SHA256 keys shorter than the hash add no strength; refuse them rather than weaken every fingerprint. */
const MIN_KEY_BYTES = 32;

/** Card numbers as printed or typed: groups separated by spaces or hyphens. */
const SEPARATORS = /[\s-]/g;
const CARD_NUMBER = /^\d{12,19}$/;

// Errors never quote the card number, so it cannot reach a log through them.
function normalisedDigits(pan: string): string {
  const digits = pan.replace(SEPARATORS, '');
  if (!CARD_NUMBER.test(digits)) throw new RangeError('A card number must have 12 to 19 digits.');
  return digits;
}

/** The stable identity of a card: base64url HMAC-SHA256 of its digits (spaces and hyphens ignored). */
export function cardFingerprint(secretKey: Uint8Array | string, pan: string): string {
  const key = typeof secretKey === 'string' ? Buffer.from(secretKey, 'utf8') : secretKey;
  if (key.byteLength < MIN_KEY_BYTES) {
    throw new RangeError(`The card fingerprint key must be at least ${MIN_KEY_BYTES} bytes.`);
  }
  return createHmac('sha256', key).update(normalisedDigits(pan)).digest('base64url');
}

/** The only part of a card number that is kept and shown. */
export function lastFour(pan: string): string {
  return normalisedDigits(pan).slice(-4);
}

/** Luhn (mod 10) sum of `digits`, doubling every second digit counted from the right. */
function luhnSum(digits: string, doubleRightmost: boolean): number {
  let sum = 0;
  for (let i = digits.length - 1, double = doubleRightmost; i >= 0; i--, double = !double) {
    const digit = Number(digits[i]) * (double ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum;
}

/** Whether a card number has the right length and a valid Luhn check digit. */
export function isLuhnValid(pan: string): boolean {
  const digits = pan.replace(SEPARATORS, '');
  return CARD_NUMBER.test(digits) && luhnSum(digits, false) % 10 === 0;
}

/**
 * Test payments (POST /payments/test) carry no card number: the reference says a non-member pays with
 * "a random card number" and `useNewCard` gives a member a card not used before. This derives a
 * Luhn-valid 16-digit number from `seed`, so the same seed always means the same card:
 * seed with the partner, member and card ordinal for a member's cards, and with the memberReference
 * for a non-member's card. The leading 9 (ISO/IEC 7812 "national assignment") keeps synthetic numbers
 * out of the Visa, Mastercard and American Express ranges.
 */
export function syntheticCardNumber(seed: string): string {
  const hash = createHash('sha256').update(seed, 'utf8').digest();
  const body = '9' + Array.from(hash.subarray(0, 14), (byte) => byte % 10).join('');
  const checkDigit = (10 - (luhnSum(body, true) % 10)) % 10;
  return body + checkDigit;
}
