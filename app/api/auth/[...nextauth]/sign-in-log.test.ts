import { Writable } from 'node:stream';
import { CredentialsSignin } from 'next-auth';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authLogger, emailDigest } from '@/lib/auth/sign-in-log';
import { REMOTE_ADDRESS_HEADER } from '@/lib/http/handler-context';
import { useTestDatabase } from '@/lib/testing/database';
import { TEST_ORIGIN } from '@/lib/testing/http';
import { createUser } from '@/lib/tenancy/users';
import { GET, POST } from './route';

// Auth.js reads its secret when auth.ts is loaded (server.ts sets it before that).
vi.hoisted(() => {
  process.env.AUTH_SECRET ??= 'test-auth-secret-0123456789abcdef0123456789';
});

const { db } = useTestDatabase();

/** The process logger, swapped for one that keeps every JSON line it writes. */
const holder = globalThis as typeof globalThis & { __counterpartLogger?: Logger };
let lines: Record<string, unknown>[] = [];
const capturing = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')));
      done();
    },
  }),
);
let previousLogger: Logger | undefined;

beforeAll(async () => {
  previousLogger = holder.__counterpartLogger;
  holder.__counterpartLogger = capturing;
  await createUser(db(), { email: 'owner@bistro.example', password: 'correct horse battery', role: 'ADMIN' });
});
afterAll(() => {
  holder.__counterpartLogger = previousLogger;
});
beforeEach(() => {
  lines = [];
});

/** Signs in through Auth.js's own endpoints, as the browser's form does: CSRF token first, then the credentials. */
async function signIn(email: string, password: string) {
  const csrf = await GET(new Request(`${TEST_ORIGIN}/api/auth/csrf`) as never);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return POST(
    new Request(`${TEST_ORIGIN}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, [REMOTE_ADDRESS_HEADER]: '203.0.113.7' },
      body: new URLSearchParams({ csrfToken, email, password }).toString(),
    }) as never,
  );
}

const PINO_WARN = 40;
const PINO_ERROR = 50;

describe('sign-in logging', () => {
  it('logs a wrong password once at warn as a failed sign-in (email digest and address), with no error and no stack', async () => {
    const response = await signIn('Owner@bistro.example', 'wrong password');
    expect(response.headers.get('location')).toContain('error=CredentialsSignin');

    expect(lines.filter((line) => Number(line.level) >= PINO_ERROR)).toEqual([]);
    const failed = lines.filter((line) => line.msg === 'failed sign-in');
    expect(failed).toEqual([
      expect.objectContaining({ level: PINO_WARN, emailHash: emailDigest('owner@bistro.example'), address: '203.0.113.7', reason: 'WRONG_CREDENTIALS' }),
    ]);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('owner@bistro.example');
    expect(text).not.toContain('stack');
  });

  it('logs nothing about failure for the right password', async () => {
    const response = await signIn('owner@bistro.example', 'correct horse battery');
    expect(response.headers.get('location')).not.toContain('error=');
    expect(lines.filter((line) => line.msg === 'failed sign-in' || Number(line.level) >= PINO_WARN)).toEqual([]);
  });

  it("knows a refused sign-in by Auth.js's error type, also when bundling has renamed the class; other errors stay errors", () => {
    const log = authLogger(() => capturing);
    // A production build renames classes, so `name` is no longer "CredentialsSignin".
    const renamed = new (class a extends CredentialsSignin {})();
    expect(renamed.name).not.toBe('CredentialsSignin');
    log.error(renamed);
    expect(lines).toEqual([]);

    log.error(new Error('signing key unreadable'));
    expect(lines).toEqual([
      expect.objectContaining({ level: PINO_ERROR, msg: 'auth error', err: expect.objectContaining({ message: 'signing key unreadable' }) }),
    ]);
  });
});

describe('requests Auth.js refuses', () => {
  it('reads a return address that is no URL as the dashboard: a redirect on this site, not a 500 page and an error in the log', async () => {
    for (const target of [
      '/api/auth/signin?callbackUrl=x',
      '/api/auth/signin?callbackUrl=%2Fok&callbackUrl=Ly4%243',
      '/api/auth/signin?callbackUrl=javascript:alert(1)',
    ]) {
      const response = await GET(new Request(`${TEST_ORIGIN}${target}`) as never);
      expect(response.status, target).toBe(302);
      expect(new URL(response.headers.get('location') ?? '', TEST_ORIGIN).origin, target).toBe(TEST_ORIGIN);
    }
    const posted = await POST(new Request(`${TEST_ORIGIN}/api/auth/signout?callbackUrl=x`, { method: 'POST' }) as never);
    expect(posted.status).toBeLessThan(500);
    const cookie = await GET(new Request(`${TEST_ORIGIN}/api/auth/signin`, { headers: { cookie: 'authjs.callback-url=not%20a%20url' } }) as never);
    expect(cookie.status).toBe(302);
    expect(lines.filter((line) => Number(line.level) >= PINO_ERROR)).toEqual([]);
  });

  it('takes the return addresses Auth.js takes: a path of the site, or an http(s) URL', async () => {
    for (const target of [
      '/api/auth/signin?callbackUrl=%2Fdashboard',
      '/api/auth/signin?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fdashboard',
      '/api/auth/signin',
    ]) {
      expect((await GET(new Request(`${TEST_ORIGIN}${target}`) as never)).status, target).toBe(302);
    }
  });

  it('logs a request it refused (no CSRF token, an action it does not have) as one warn line without a stack', async () => {
    const signOut = await POST(new Request(`${TEST_ORIGIN}/api/auth/signout`, { method: 'POST' }) as never);
    expect(signOut.status).toBe(302);
    const unknown = await GET(new Request(`${TEST_ORIGIN}/api/auth/signin/credentials`) as never);
    expect(unknown.status).toBe(302);
    expect(lines.filter((line) => Number(line.level) >= PINO_ERROR)).toEqual([]);
    expect(lines).toEqual([
      expect.objectContaining({ level: PINO_WARN, msg: 'auth request refused', type: 'MissingCSRF' }),
      expect.objectContaining({ level: PINO_WARN, msg: 'auth request refused', type: 'UnknownAction' }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('stack');
  });
});
