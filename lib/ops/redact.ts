import { storableText } from '@/db/rows';

// What the API request log and the audit log never store (README.md#operator-console-logs-and-metrics): secrets, tokens and card data.
// Values are judged by their key (a member or form field named like a secret) and by their shape (a JWT, a `whsec_`
// secret, a card number), so a secret in an unexpected place is caught too.

export const REDACTED = '[REDACTED]';
export const BODY_LIMIT_BYTES = 8 * 1024;

const secretKey =
  /secret|password|passwd|token|authorization|assertion|api[-_]?key|device[-_]?code|user[-_]?code|code[-_]?verifier|cvv|cvc|card[-_]?number|^pan$/i;
// A form field's name as clients write them (`password`, `user[password]`, `user.password`).
const fieldName = /^[A-Za-z0-9_.[\]-]{1,200}$/;

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
  if (typeof value === 'string') return redactString(value, depth);
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

/**
 * A string member or form value: JSON inside it (a serialised payload) is redacted member by member, and JSON that
 * does not parse but names a secret field is replaced whole; any other text by shape.
 */
function redactString(text: string, depth: number): string {
  if (!/^\s*[[{]/.test(text)) return redactText(text);
  let inner: unknown;
  try {
    inner = JSON.parse(text);
  } catch {
    // Broken JSON (a quoted member name and a colon) that names a secret field; a name such as "[Secret] Bar" is text.
    return /["']\s*:/.test(text) && namesSecretField(text) ? REDACTED : redactText(text);
  }
  const redacted = JSON.stringify(redactValue(inner, depth + 1));
  return redacted === JSON.stringify(inner) ? redactText(text) : redacted;
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

/**
 * Whether text that did not parse names a field `secretKey` would redact: any run of name characters, once JSON
 * (`\u0077`) and percent (`%77`) escapes are undone, so an escaped, nested or half-sent member is found as well. Broken
 * JSON cannot be trusted to say where a value starts and ends (one stray quote turns strings inside out), so it is the
 * name alone that counts, wherever it stands.
 */
function namesSecretField(text: string): boolean {
  let plain = text;
  // Escapes may be stacked (`\u0025` is `%`): undo them until nothing changes, a few rounds at most.
  for (let round = 0; round < 4; round++) {
    const next = plain
      .replace(/\\u([0-9a-fA-F]{4})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === plain) break;
    plain = next;
  }
  return plain.split(/[^A-Za-z0-9_-]+/).some((name) => name !== '' && secretKey.test(name));
}

/**
 * A request or response body as stored: JSON and form bodies redacted member by member. A body that does not parse
 * keeps only its shape-based redaction when it names no secret field; one that does (a password in JSON with a
 * trailing comma, a cut-off body, a form sent as text) is not stored at all, only its size and type.
 */
export function redactBody(text: string | undefined | null, contentType?: string | null): string | null {
  if (text === undefined || text === null || text === '') return null;
  let redacted: string;
  const type = contentType?.toLowerCase() ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    const out = new URLSearchParams();
    for (const [key, value] of new URLSearchParams(text)) {
      if (!secretKey.test(key)) out.append(key, redactString(value, 0));
      else if (fieldName.test(key)) out.append(key, REDACTED);
      // A key that names a secret field but is more than a name (JSON sent as a form) may hold the secret itself.
      else return truncateBytes(storableText(unstoredBody(text, contentType)));
    }
    redacted = out.toString();
  } else {
    try {
      redacted = JSON.stringify(redactValue(JSON.parse(text)));
    } catch {
      redacted = namesSecretField(text) ? unstoredBody(text, contentType) : redactText(text);
    }
  }
  return truncateBytes(storableText(redacted));
}

/** What stands for a body that is not stored: its size and declared type. */
function unstoredBody(text: string, contentType: string | null | undefined): string {
  const type = contentType ? redactText(contentType.slice(0, 100)) : 'no Content-Type';
  return `${REDACTED} unparsed body of ${Buffer.byteLength(text, 'utf8')} bytes (${type}) naming a secret field, not stored`;
}
