import { ApiError } from '@/lib/errors';

// C0 controls and DEL: no identifier has them, and PostgreSQL refuses NUL in text outright.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export const hasControlCharacter = (value: string): boolean => CONTROL_CHARACTER.test(value);

/**
 * Decodes one percent-encoded path segment. Malformed encoding (`%`, `%E0%A4%A`) and control characters are the
 * client's error, 400, never a 500 from deeper down (docs/contract.md#no-5xx).
 */
export function decodePathSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new ApiError('BAD_REQUEST', `The path segment "${segment.slice(0, 100)}" is not valid percent-encoding.`);
  }
  if (hasControlCharacter(decoded)) throw new ApiError('BAD_REQUEST', 'A path segment contains a control character.');
  return decoded;
}
