import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { logger } from '@/lib/log';

/** The email a sign-in named, as a short digest: failed sign-ins of one account can be told apart without the address. */
export const emailDigest = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 16);

export type FailedSignInReason = 'WRONG_CREDENTIALS' | 'TOO_MANY_ATTEMPTS';

/** A failed sign-in is an answer to a visitor, not a fault: one warn line, without the email itself or a stack. */
export function logFailedSignIn(input: { email: string; address: string; reason: FailedSignInReason }, log: Logger = logger()) {
  log.warn({ emailHash: emailDigest(input.email), address: input.address, reason: input.reason }, 'failed sign-in');
}

// Auth.js reports a refused sign-in as a CredentialsSignin error. Bundling renames classes, so `name` cannot tell it
// apart; the static `type` Auth.js gives every error can.
const errorType = (error: Error) => (error as Error & { type?: unknown }).type;
// What Auth.js reports about a request it refused (no CSRF token, an action it does not have, a return address that
// is no URL, a session cookie that cannot be read): the visitor's error, not the server's.
const REQUEST_ERRORS = new Set(['MissingCSRF', 'UnknownAction', 'InvalidCallbackUrl', 'InvalidCheck', 'UntrustedHost', 'JWTSessionError']);

const causeOf = (error: Error) => {
  const cause = (error as Error & { cause?: { err?: unknown } | unknown }).cause;
  const inner = cause && typeof cause === 'object' && 'err' in cause ? cause.err : cause;
  return inner instanceof Error ? { message: inner.message, stack: inner.stack } : inner;
};

/**
 * The Auth.js `logger` option: errors go to the structured log, except a refused sign-in, which `authorize` has
 * already logged as a failed sign-in, and a refused request, logged as one warn line without a stack.
 */
export function authLogger(log: () => Logger = logger) {
  return {
    error(error: Error) {
      const type = errorType(error);
      if (type === 'CredentialsSignin') return;
      if (typeof type === 'string' && REQUEST_ERRORS.has(type)) log().warn({ type, detail: error.message.slice(0, 200) }, 'auth request refused');
      // Auth.js wraps what went wrong (a provider's answer, a callback that threw) in `cause.err`: logged too.
      else log().error({ err: error, cause: causeOf(error) }, 'auth error');
    },
    warn(code: string) {
      log().warn({ code }, 'auth warning');
    },
  };
}
