// How a failed statement failed, read from the driver's error (postgres.js, PGlite, or drizzle's wrapper around them).
// lib/http/errors.ts maps these onto HTTP (503, or 400 for input the database refuses).

// DATABASE_UNAVAILABLE: db/availability.ts fails calls with it at once while the database is known to be unreachable.
const unavailableCodes = new Set([
  'DATABASE_UNAVAILABLE',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08006',
  '08001',
  '08004',
]);

/** Database outages answer 503 with Retry-After (docs/contract.md#no-5xx), never 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (current instanceof Error && /PGlite is closed|Database not initialised/.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The PostgreSQL error code of a failed statement, looking through drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
