import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '@/db/schema';
import { useTestDatabase } from '@/lib/testing/database';
import { authenticateUser, createUser, disableUser } from './users';

// Account existence must not show in how long a refused sign-in takes: an unknown email, a disabled account and a
// wrong password each cost one password verification against a hash of the same parameters.
const verify = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...original,
    verify: (hashed: string, password: string) => {
      verify.calls.push(hashed);
      return original.verify(hashed, password);
    },
  };
});

const database = useTestDatabase();
const PASSWORD = 'correct horse battery';
/** The cost part of an argon2 hash: `$argon2id$v=19$m=…,t=…,p=…`. */
const parameters = (hashed: string) => hashed.split('$').slice(0, 4).join('$');
let counter = 0;

async function account(options: { disabled?: boolean } = {}) {
  const email = `work-${++counter}@sign-in.test`;
  const user = await createUser(database.db(), { email, password: PASSWORD, role: 'ADMIN' });
  if (options.disabled) await disableUser(database.db(), user.id);
  const [row] = await database.db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  return { email, passwordHash: row!.passwordHash };
}

beforeEach(() => {
  verify.calls.length = 0;
});

describe('sign-in does the same work whether or not the account exists', () => {
  it('verifies one password hash for an unknown email, with the parameters of a real one', async () => {
    const real = await account();
    verify.calls.length = 0;
    expect(await authenticateUser(database.db(), 'nobody-here@sign-in.test', PASSWORD)).toBeUndefined();
    expect(verify.calls).toHaveLength(1);
    expect(parameters(verify.calls[0]!)).toBe(parameters(real.passwordHash));
    expect(verify.calls[0]).not.toBe(real.passwordHash);
  });

  it('verifies one password hash for a wrong password, a disabled account and a right password alike', async () => {
    const real = await account();
    const disabled = await account({ disabled: true });
    verify.calls.length = 0;
    expect(await authenticateUser(database.db(), real.email, 'wrong password')).toBeUndefined();
    expect(await authenticateUser(database.db(), disabled.email, PASSWORD)).toBeUndefined();
    expect(await authenticateUser(database.db(), real.email, PASSWORD)).toMatchObject({ email: real.email });
    expect(verify.calls).toEqual([real.passwordHash, disabled.passwordHash, real.passwordHash]);
  });

  it('the stand-in hash matches no password, not even an empty-looking one', async () => {
    for (const password of ['', ' ', 'password', PASSWORD]) {
      expect(await authenticateUser(database.db(), `absent-${password.length}@sign-in.test`, password)).toBeUndefined();
    }
    expect(new Set(verify.calls).size).toBe(1);
  });
});
