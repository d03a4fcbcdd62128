/**
 * Another Counterpart instance, for the attempt-limit burst tests: opens the PostgreSQL database at argv[2], prints
 * `ready`, and when a line arrives on stdin makes argv[4] wrong attempts of kind argv[3] in parallel (with the
 * JSON-encoded target argv[5]), printing their outcomes as one JSON array on the last line of stdout.
 */
import { createInterface } from 'node:readline';
import { installDatabase, openDatabase } from '@/db/client';
import { authenticateClientFrom } from '@/lib/auth/client-authentication';
import { checkUserCode } from '@/lib/auth/device-approval';
import { OAuthError } from '@/lib/auth/oauth-errors';
import { attemptSignIn } from '@/lib/auth/sign-in';

export type AttemptKind = 'sign-in' | 'user-code' | 'client-secret';

/** What an attempt is made against: an account's email, a merchant user's id, or a client_id; and the address. */
export interface AttemptTarget {
  account: string;
  address: string;
}

const [url, kind, count, target] = process.argv.slice(2) as [string, AttemptKind, string, string];
const { account, address } = JSON.parse(target) as AttemptTarget;
const handle = await openDatabase({ url, dataDir: 'unused', maxConnections: 10 });
installDatabase(handle);

const attempt = async (i: number): Promise<string> => {
  switch (kind) {
    case 'sign-in': {
      const outcome = await attemptSignIn(handle.db, { email: account, password: `wrong password ${i}` }, address);
      return outcome.ok ? 'SIGNED_IN' : outcome.reason;
    }
    case 'user-code': {
      const check = await checkUserCode(handle.db, `CCCC-CC${String(i % 100).padStart(2, 'C')}`, { userId: account, address });
      return check.ok ? 'OK' : check.reason;
    }
    case 'client-secret':
      return authenticateClientFrom(handle.db, { clientId: account, clientSecret: `cs_wrong-${i}`, method: 'client_secret_post' }, address).then(
        () => '200',
        (error: unknown) => (error instanceof OAuthError ? String(error.status) : String(error)),
      );
  }
};

console.log('ready');
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once('line', resolve));
lines.close();
const outcomes = await Promise.all(Array.from({ length: Number(count) }, (_, i) => attempt(i)));
console.log(JSON.stringify(outcomes));
await handle.close();
