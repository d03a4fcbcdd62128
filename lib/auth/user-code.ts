import { randomInt } from 'node:crypto';

// RFC 8628 §6.1: consonants only (no vowels, so no words) and none of the look-alikes 0/O, 1/I/L, 5/S, 2/Z, 8/B.
export const USER_CODE_ALPHABET = 'CDFGHJKMNPQRTVWX';
export const USER_CODE_LENGTH = 8;

/** A fresh user code, normalised (8 characters, no dash). */
export function generateUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/** How the code is shown to people: `XXXX-XXXX`. */
export const formatUserCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * What the merchant typed, normalised: case, dashes and spaces do not matter. Undefined when it cannot be a
 * user code at all (wrong length or a character outside the alphabet), so such input never reaches the database.
 */
export function normaliseUserCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== USER_CODE_LENGTH) return undefined;
  for (const character of code) if (!USER_CODE_ALPHABET.includes(character)) return undefined;
  return code;
}
