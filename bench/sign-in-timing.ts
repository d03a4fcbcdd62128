/**
 * Sign-in timing: how long a refused dashboard sign-in takes through Auth.js's credentials callback for an email that
 * belongs to an account, one that belongs to none, and a disabled account's, interleaved, each email tried once (so
 * no attempt limit interferes). The three medians should match: a difference tells a guesser which emails exist.
 *
 *   npx tsx bench/sign-in-timing.ts       (embedded PGlite in memory; no server needed)
 */
import { NextRequest } from 'next/server';
import { installDatabase, openDatabase } from '@/db/client';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { createUser, disableUser } from '@/lib/tenancy/users';
import { percentile } from './support';

const TRIES = 64;
const ORIGIN = 'http://localhost:3000';
process.env.AUTH_SECRET ??= 'a-bench-secret-of-at-least-thirty-two-characters';
process.env.LOG_LEVEL ??= 'silent';
const { handlers } = await import('@/auth');

const handle = await openDatabase({ dataDir: 'memory://' });
installDatabase(handle);
await ensureSigningKey(handle.db);

const csrfResponse = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/csrf`));
const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
const cookie = csrfResponse.headers
  .getSetCookie()
  .map((line) => line.split(';')[0])
  .join('; ');

async function timedSignIn(email: string): Promise<number> {
  const request = new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: 'not the password', csrfToken, callbackUrl: '/dashboard' }).toString(),
  });
  const started = performance.now();
  const response = await handlers.POST(request);
  const elapsed = performance.now() - started;
  if (new URL(response.headers.get('location') ?? '', ORIGIN).searchParams.get('error') !== 'CredentialsSignin') {
    throw new Error(`expected a refused sign-in for ${email}, got ${response.status} ${response.headers.get('location')}`);
  }
  return elapsed;
}

const kinds = ['known', 'unknown', 'disabled'] as const;
const emails = (kind: string, i: number) => `${kind}-${i}@timing.test`;
for (let i = 0; i < TRIES; i++) {
  await createUser(handle.db, { email: emails('known', i), password: 'the real password', role: 'ADMIN' });
  const disabled = await createUser(handle.db, { email: emails('disabled', i), password: 'the real password', role: 'ADMIN' });
  await disableUser(handle.db, disabled.id);
}
// Warm-up: the first sign-in of a process pays for compiling and connecting, whichever email it names.
for (let i = 0; i < 4; i++) await timedSignIn(`warm-up-${i}@timing.test`);

const times: Record<(typeof kinds)[number], number[]> = { known: [], unknown: [], disabled: [] };
for (let i = 0; i < TRIES; i++) for (const kind of kinds) times[kind].push(await timedSignIn(emails(kind, i)));

for (const kind of kinds) {
  console.log(
    `refused sign-in, ${kind.padEnd(8)} email: median ${percentile(times[kind], 50).toFixed(1)} ms, p90 ${percentile(times[kind], 90).toFixed(1)} ms`,
  );
}
console.log(`unknown / known median: ${(percentile(times.unknown, 50) / percentile(times.known, 50)).toFixed(2)}`);
await handle.close();
