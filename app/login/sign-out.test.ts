import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { dashboardSessions } from '@/db/schema';
import { DashboardBrowser } from '@/lib/testing/dashboard-browser';
import { useTestDatabase } from '@/lib/testing/database';
import { createUser, disableUser, endUserSessions, setUserPassword } from '@/lib/tenancy/users';

// The dashboard's Auth.js configuration end to end: sign in through the credentials callback, then check what an
// old session cookie still opens once its session was ended server-side.
process.env.AUTH_SECRET ??= 'a-test-secret-of-at-least-thirty-two-characters';
const { handlers } = await import('@/auth');

const database = useTestDatabase();
let counter = 0;

async function signedIn() {
  const email = `sign-out-${process.pid}-${++counter}@sessions.test`;
  const user = await createUser(database.db(), { email, password: 'correct horse battery', role: 'ADMIN' });
  const browser = new DashboardBrowser(handlers);
  await browser.signIn(email, 'correct horse battery');
  expect(await browser.sessionUser()).toMatchObject({ id: user.id, role: 'ADMIN' });
  return { user, browser };
}

/** A second browser holding a copy of the first one's session cookie (as a thief would). */
function copyOf(browser: DashboardBrowser) {
  const copy = new DashboardBrowser(handlers);
  const [name, value] = browser.sessionCookie()!;
  copy.cookies.set(name, value);
  return copy;
}

describe('dashboard sessions end server-side', () => {
  beforeAll(() => {
    // Auth.js's callbacks read the process database: it must be this file's test database.
    expect(getDb()).toBe(database.db());
  });

  it('sign-out ends the session: the old cookie opens nothing', async () => {
    const { user, browser } = await signedIn();
    const stolen = copyOf(browser);
    await browser.signOut();
    expect(browser.sessionCookie()).toBeUndefined();
    expect(await database.db().select().from(dashboardSessions).where(eq(dashboardSessions.userId, user.id))).toHaveLength(0);
    expect(await stolen.sessionUser()).toBeUndefined();
    // The refused cookie is cleared, not renewed.
    expect(stolen.sessionCookie()).toBeUndefined();
  });

  it('signing out in one browser leaves the user’s other browsers signed in', async () => {
    const { user, browser } = await signedIn();
    const other = new DashboardBrowser(handlers);
    await other.signIn(user.email, 'correct horse battery');
    await browser.signOut();
    expect(await other.sessionUser()).toMatchObject({ id: user.id });
  });

  it('a password change ends every session of the user', async () => {
    const { user, browser } = await signedIn();
    await setUserPassword(database.db(), user.id, 'another passphrase entirely');
    expect(await browser.sessionUser()).toBeUndefined();
  });

  it('disabling the user refuses every cookie of the user, and signing in again', async () => {
    const { user, browser } = await signedIn();
    const copy = copyOf(browser);
    await disableUser(database.db(), user.id);
    expect(await browser.sessionUser()).toBeUndefined();
    expect(await copy.sessionUser()).toBeUndefined();
    const again = new DashboardBrowser(handlers);
    await again.signIn(user.email, 'correct horse battery');
    expect(again.sessionCookie()).toBeUndefined();
    expect(await again.sessionUser()).toBeUndefined();
  });

  it('ending all of a user’s sessions refuses every cookie', async () => {
    const { user, browser } = await signedIn();
    const copy = copyOf(browser);
    await endUserSessions(database.db(), user.id);
    expect(await browser.sessionUser()).toBeUndefined();
    expect(await copy.sessionUser()).toBeUndefined();
  });

  it('a cookie without a server-side session (as issued before sessions were recorded) is refused', async () => {
    const { encode } = await import('next-auth/jwt');
    const { user } = await signedIn();
    const salt = 'authjs.session-token';
    const forged = await encode({ salt, secret: process.env.AUTH_SECRET!, token: { uid: user.id, role: 'ADMIN', sub: user.id } });
    const browser = new DashboardBrowser(handlers);
    browser.cookies.set(salt, forged);
    expect(await browser.sessionUser()).toBeUndefined();
  });
});
