import { pgErrorCode } from '@/db/errors';
import { problemBody } from '@/lib/api/problem-body';
import { ApiError } from '@/lib/errors';

// The domain's error and its code table live in lib/errors.ts, the database's failure classes in db/errors.ts; this module
// maps them onto HTTP. Route code imports all of them from here.
export * from '@/lib/errors';
export { isDatabaseUnavailable, pgErrorCode } from '@/db/errors';
export { problemBody };

export function problemResponse(error: ApiError, instance: string, docsUrl: string, headers?: HeadersInit, requestId?: string): Response {
  const response = Response.json(problemBody(error, instance, docsUrl, requestId), {
    status: error.status,
    headers: { 'content-type': 'application/problem+json', ...error.headers },
  });
  new Headers(headers).forEach((value, key) => response.headers.set(key, value));
  return response;
}

/**
 * Input the database itself refuses (SQLSTATE class 22: a NUL byte, a number out of range …) is the client's error, as
 * a 400; undefined for any other failure.
 */
export function refusedInput(error: unknown): ApiError | undefined {
  return pgErrorCode(error)?.startsWith('22') ? new ApiError('BAD_REQUEST', 'A value in the request is out of range or not representable.') : undefined;
}
