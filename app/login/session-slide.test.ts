import { NextRequest, type NextFetchEvent } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_SECONDS, SESSION_RENEW_SECONDS } from '@/lib/tenancy/session-lifetime';

// The proxy re-sends the session cookie with a later expiry only on page views, and only once the cookie is
// SESSION_RENEW_SECONDS old: a copy re-sent on every request raced sign-out's deletion and brought the cookie back.
process.env.AUTH_SECRET ??= 'a-test-secret-of-at-least-thirty-two-characters';
const { proxy } = await import('@/proxy');
const { encode } = await import('next-auth/jwt');

const SALT = 'authjs.session-token';
const ORIGIN = 'http://localhost:3000';

async function cookieIssuedSecondsAgo(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - seconds * 1000 });
  try {
    const token = { uid: 'u1', role: 'OWNER', merchantId: 'm1', partnerId: null, sid: 's1', sub: 'u1' };
    return await encode({ salt: SALT, secret: process.env.AUTH_SECRET!, token, maxAge: SESSION_IDLE_SECONDS });
  } finally {
    vi.useRealTimers();
  }
}

async function visit(path: string, cookie: string, method: 'GET' | 'POST' = 'GET') {
  const request = new NextRequest(`${ORIGIN}${path}`, { method, headers: { cookie: `${SALT}=${cookie}` } });
  const response = await proxy(request, { waitUntil() {} } as unknown as NextFetchEvent);
  return { response, sessionCookie: response.headers.getSetCookie().find((line) => line.startsWith(`${SALT}=`)) };
}

afterEach(() => vi.useRealTimers());

describe('session cookie sliding in the proxy', () => {
  it('lets a fresh cookie through without re-sending it', async () => {
    const { response, sessionCookie } = await visit('/dashboard/orders', await cookieIssuedSecondsAgo(60));
    expect(response.headers.get('location')).toBeNull();
    expect(sessionCookie).toBeUndefined();
  });

  it('re-sends a cookie older than the renew interval on a page view, with a full idle lifetime', async () => {
    const { response, sessionCookie } = await visit('/dashboard/orders', await cookieIssuedSecondsAgo(SESSION_RENEW_SECONDS + 5));
    expect(response.headers.get('location')).toBeNull();
    expect(sessionCookie).toBeDefined();
    const expires = Date.parse(/expires=([^;]+)/i.exec(sessionCookie!)![1]!);
    expect(expires - Date.now()).toBeGreaterThan((SESSION_IDLE_SECONDS - 60) * 1000);
  });

  it('never re-sends it on a POST (a server action sets its own cookies)', async () => {
    const { sessionCookie } = await visit('/dashboard/tables', await cookieIssuedSecondsAgo(SESSION_RENEW_SECONDS + 5), 'POST');
    expect(sessionCookie).toBeUndefined();
  });

  it('sends a visitor whose cookie cannot be read to /login with the page to return to, without a stack trace', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const { response } = await visit('/dashboard/orders?location=a', 'not-a-session');
    expect(new URL(response.headers.get('location')!).searchParams.get('callbackUrl')).toBe('/dashboard/orders?location=a');
    // Auth.js's own logger prints the decoding error's stack with console.error; the structured log writes one warn line.
    expect(consoleError).not.toHaveBeenCalled();
  });
});
