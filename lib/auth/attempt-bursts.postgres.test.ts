import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDatabase, openDatabase, type DatabaseHandle } from '@/db/client';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { connectBaseUrl } from '@/lib/config';
import type { AttemptKind, AttemptTarget } from '@/lib/testing/attempts-in-child';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { throwawayDatabase, type ThrowawayDatabase } from '@/lib/testing/throwaway-database';
import { createClient, createPartner } from '@/lib/tenancy/partners';
import { createUser } from '@/lib/tenancy/users';
import { authenticateClientFrom, FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS } from './client-authentication';
import { checkUserCode } from './device-approval';
import { startDeviceAuthorization } from './device-flow';
import { OAuthError } from './oauth-errors';
import { attemptSignIn, FAILED_SIGN_INS_PER_MINUTE } from './sign-in';
import { WRONG_USER_CODES_PER_MINUTE } from './user-code-attempts';

// Every attempt limit holds under a burst spread over instances: two instances in this process (each with its own
// pool and limiters) and a third in a process of its own fire their share of one burst at the same moment, and the
// budget in PostgreSQL lets at most its limit of the attempts reach the check.
let database: ThrowawayDatabase;
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await throwawayDatabase(process.env.DATABASE_URL!);
  handles.push(
    await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 10 }),
    await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 10 }),
  );
  await ensureSigningKey(handles[0]!.db);
});

afterAll(async () => {
  installDatabase(undefined);
  await Promise.all(handles.map((handle) => handle.close()));
  await database.drop();
});

/** Starts `count` attempts as the instance that owns `handle`; each chooses its limiter before its first await. */
function on<T>(handle: DatabaseHandle, count: number, attempt: (handle: DatabaseHandle, i: number) => Promise<T>): Promise<T>[] {
  installDatabase(handle);
  return Array.from({ length: count }, (_, i) => attempt(handle, i));
}

/** A process of its own, ready to fire `count` attempts when `fire` is called; resolves to their outcomes. */
async function childInstance(kind: AttemptKind, count: number, target: AttemptTarget) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'lib/testing/attempts-in-child.ts', database.url, kind, String(count), JSON.stringify(target)], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      output.push(line);
      if (line === 'ready') resolve();
    });
    child.once('exit', (code) => reject(new Error(`attempts-in-child exited with ${code} before it was ready`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await ready;
  return {
    async fire(): Promise<string[]> {
      child.stdin.write('go\n');
      expect(await exited).toBe(0);
      return JSON.parse(output.at(-1)!) as string[];
    },
  };
}

const count = (outcomes: string[], outcome: string) => outcomes.filter((o) => o === outcome).length;

describe('attempt limits under a burst across instances (PostgreSQL)', () => {
  it('sign-in: 45 parallel wrong passwords over three instances, at most the limit checked, then the right one refused', async () => {
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    const email = 'burst@across.test';
    const address = '198.51.100.31';
    await createUser(first.db, { email, password: 'correct horse battery', role: 'ADMIN' });
    const child = await childInstance('sign-in', 15, { account: email, address });
    const signIn = (handle: DatabaseHandle, i: number) =>
      attemptSignIn(handle.db, { email, password: `wrong ${i}` }, address).then((outcome) => (outcome.ok ? 'SIGNED_IN' : outcome.reason));
    const outcomes = (await Promise.all([child.fire(), Promise.all(on(first, 15, signIn)), Promise.all(on(second, 15, signIn))])).flat();
    console.log(`sign-in burst of 45 over three instances: ${count(outcomes, 'WRONG_CREDENTIALS')} checked, ${count(outcomes, 'TOO_MANY_ATTEMPTS')} refused`);
    expect(count(outcomes, 'WRONG_CREDENTIALS')).toBe(FAILED_SIGN_INS_PER_MINUTE);
    expect(count(outcomes, 'TOO_MANY_ATTEMPTS')).toBe(45 - FAILED_SIGN_INS_PER_MINUTE);
    installDatabase(second);
    expect(await attemptSignIn(second.db, { email, password: 'correct horse battery' }, address)).toEqual({ ok: false, reason: 'TOO_MANY_ATTEMPTS' });
  });

  it('/activate: 45 parallel wrong codes over three instances, at most the limit looked up, then the right one refused', async () => {
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    const { merchant } = await createMerchantWithLocations(first.db, 1);
    const user = await createUser(first.db, { email: 'codes@across.test', password: 'correct horse battery', role: 'MERCHANT', merchantId: merchant.id });
    const pos = await createClient(first.db, (await createPartner(first.db, { name: 'Burst POS', type: 'POS' })).id);
    installDatabase(first);
    const authenticated = await authenticateClientFrom(first.db, { clientId: pos.client_id, method: 'none' }, '203.0.113.40');
    const device = await startDeviceAuthorization(first.db, authenticated, connectBaseUrl());
    const source = { userId: user.id, address: '198.51.100.32' };
    const child = await childInstance('user-code', 15, { account: source.userId, address: source.address });
    const guess = (handle: DatabaseHandle, i: number) =>
      checkUserCode(handle.db, `DDDD-DD${String(i).padStart(2, 'D')}`, source).then((check) => (check.ok ? 'OK' : check.reason));
    const outcomes = (await Promise.all([child.fire(), Promise.all(on(first, 15, guess)), Promise.all(on(second, 15, guess))])).flat();
    console.log(`/activate burst of 45 over three instances: ${count(outcomes, 'WRONG_CODE')} checked, ${count(outcomes, 'LOCKED_OUT')} refused`);
    expect(count(outcomes, 'WRONG_CODE')).toBe(WRONG_USER_CODES_PER_MINUTE);
    expect(count(outcomes, 'LOCKED_OUT')).toBe(45 - WRONG_USER_CODES_PER_MINUTE);
    installDatabase(second);
    expect(await checkUserCode(second.db, device.user_code, source)).toMatchObject({ ok: false, reason: 'LOCKED_OUT' });
  });

  it('/oauth/token client authentication: 45 parallel wrong secrets over three instances, at most the limit checked', async () => {
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    const app = await createClient(first.db, (await createPartner(first.db, { name: 'Burst app', type: 'ORDERING_APP' })).id);
    const address = '198.51.100.33';
    const child = await childInstance('client-secret', 15, { account: app.client_id, address });
    const attempt = (secret: string) => (handle: DatabaseHandle) =>
      authenticateClientFrom(handle.db, { clientId: app.client_id, clientSecret: secret, method: 'client_secret_post' }, address).then(
        () => '200',
        (error: unknown) => (error instanceof OAuthError ? String(error.status) : String(error)),
      );
    const wrong = (handle: DatabaseHandle, i: number) => attempt(`cs_wrong-${i}`)(handle);
    const outcomes = (await Promise.all([child.fire(), Promise.all(on(first, 15, wrong)), Promise.all(on(second, 15, wrong))])).flat();
    console.log(`/oauth/token burst of 45 wrong secrets over three instances: ${count(outcomes, '401')} checked, ${count(outcomes, '429')} refused`);
    expect(count(outcomes, '401')).toBe(FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    expect(count(outcomes, '429')).toBe(45 - FAILED_ATTEMPTS_PER_CLIENT_AND_ADDRESS);
    installDatabase(second);
    expect(await attempt(app.client_secret!)(second)).toBe('429');
  });

  it('right answers give their attempts back on every instance', async () => {
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    const email = 'right@across.test';
    const address = '198.51.100.34';
    await createUser(first.db, { email, password: 'correct horse battery', role: 'ADMIN' });
    const signIn = (handle: DatabaseHandle) => attemptSignIn(handle.db, { email, password: 'correct horse battery' }, address).then((outcome) => outcome.ok);
    for (let round = 0; round < 3; round++) {
      const half = FAILED_SIGN_INS_PER_MINUTE / 2;
      expect(await Promise.all([...on(first, half, signIn), ...on(second, half, signIn)])).toEqual(Array(FAILED_SIGN_INS_PER_MINUTE).fill(true));
    }
  });
});
