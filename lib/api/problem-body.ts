import { STATUS_CODES } from 'node:http';
import type { ApiError } from '@/lib/errors';

/**
 * The RFC 9457 body with the members Tyro Connect clients read (`error`, `code`, `errors`), and the request id the
 * X-Request-Id header carries (docs/contract.md#request-id) when one is known.
 */
export function problemBody(error: ApiError, instance: string, docsUrl: string, requestId?: string) {
  return {
    ...error.members,
    type: `${docsUrl}#${error.code}`,
    title: STATUS_CODES[error.status] ?? 'Error',
    status: error.status,
    detail: error.message,
    instance,
    code: error.code,
    error: error.message,
    ...(error.errors ? { message: error.message, errors: error.errors } : {}),
    ...(requestId ? { requestId } : {}),
  };
}
