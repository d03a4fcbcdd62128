import { storableText } from '@/db/rows';

// What the API request log and the audit log never store (SPEC operator console): secrets, tokens and card data.
// Values are judged by their key (a member or form field named like a secret) and by their shape (a JWT, a `whsec_`
// secret, a card number), so a secret in an unexpected place is caught too.

export const REDACTED = '[REDACTED]';
export const BODY_LIMIT_BYTES = 8 * 1024;

const secretKey =
  /secret|password|passwd|token|authorization|assertion|api[-_]?key|device[-_]?code|user[-_]?code|code[-_]?verifier|cvv|cvc|card[-_]?number|^pan$/i;

// A compact JWS (three base64url parts), a Standard Webhooks secret, a client secret (cs_…), or a run of 13–19 digits
// (possibly grouped by spaces or dashes) that passes the Luhn check.
const jwtPattern = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g;
const prefixedSecretPattern = /\b(whsec|cs|sk|rt)_[A-Za-z0-9+/=_-]{8,}/g;
const bearerPattern = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
const digitsPattern = /\b\d(?:[ -]?\d){12,18}\b/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Replaces every token-, secret- or card-shaped run in free text. */
export function redactText(text: string): string {
  return text
    .replace(jwtPattern, REDACTED)
    .replace(bearerPattern, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(prefixedSecretPattern, REDACTED)
    .replace(digitsPattern, (match) => (luhn(match.replace(/\D/g, '')) ? REDACTED : match));
}

/** A copy of a JSON value with secret-named members and secret-shaped strings replaced. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 32) return REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, member]) => [
        key,
        secretKey.test(key) && member !== null && typeof member !== 'boolean' ? REDACTED : redactValue(member, depth + 1),
      ]),
    );
  }
  return value;
}

/** Cuts a UTF-8 string to at most `limit` bytes, marking the cut. */
export function truncateBytes(text: string, limit = BODY_LIMIT_BYTES): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return text;
  const marker = '…[truncated]';
  // Decoding may end on half a character; drop the replacement character it leaves.
  return (
    bytes
      .subarray(0, limit - Buffer.byteLength(marker))
      .toString('utf8')
      .replace(/\uFFFD$/, '') + marker
  );
}

/** A request or response body as stored: JSON and form bodies redacted member by member, anything else as text. */
export function redactBody(text: string | undefined | null, contentType?: string | null): string | null {
  if (text === undefined || text === null || text === '') return null;
  let redacted: string;
  const type = contentType?.toLowerCase() ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    const out = new URLSearchParams();
    for (const [key, value] of form) out.append(key, secretKey.test(key) ? REDACTED : redactText(value));
    redacted = out.toString();
  } else {
    try {
      redacted = JSON.stringify(redactValue(JSON.parse(text)));
    } catch {
      redacted = redactText(text);
    }
  }
  return truncateBytes(storableText(redacted));
}
