import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dashboardSessions, users } from '@/db/schema';
import { useTestDatabase } from '@/lib/testing/database';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_RENEW_SECONDS } from './session-lifetime';
import {
  authenticateUser,
  createUser,
  disableUser,
  endDashboardSession,
  endUserSessions,
  liveDashboardSession,
  setUserPassword,
  startDashboardSession,
} from './users';

const database = useTestDatabase();
let counter = 0;

async function newAdmin(password = 'correct horse battery') {
  const email = `admin-${process.pid}-${++counter}@sessions.test`;
  const user = await createUser(database.db(), { email, password, role: 'ADMIN' });
  return { ...user, password };
}

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

describe('dashboard sessions', () => {
  it('a started session is live, and ended it opens nothing', async () => {
    const db = database.db();
    const admin = await newAdmin();
    const sessionId = await startDashboardSession(db, admin.id);
    expect(await liveDashboardSession(db, sessionId)).toMatchObject({ id: admin.id, role: 'ADMIN', email: admin.email });
    await endDashboardSession(db, sessionId);
    expect(await liveDashboardSession(db, sessionId)).toBeUndefined();
  });

  it('stores only a digest of the session id', async () => {
    const db = database.db();
    const admin = await newAdmin();
    const sessionId = await startDashboardSession(db, admin.id);
    const rows = await db.select().from(dashboardSessions).where(eq(dashboardSessions.userId, admin.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idHash).not.toContain(sessionId);
    expect(await liveDashboardSession(db, rows[0]!.idHash)).toBeUndefined();
  });

  it('ending a user’s sessions ends every browser of that user and no one else’s', async () => {
    const db = database.db();
    const [alice, bob] = [await newAdmin(), await newAdmin()];
    const aliceSessions = [await startDashboardSession(db, alice.id), await startDashboardSession(db, alice.id)];
    const bobSession = await startDashboardSession(db, bob.id);
    expect(await endUserSessions(db, alice.id)).toBe(2);
    for (const sessionId of aliceSessions) expect(await liveDashboardSession(db, sessionId)).toBeUndefined();
    expect(await liveDashboardSession(db, bobSession)).toMatchObject({ id: bob.id });
  });

  it('a password change signs the user out everywhere, and the new password signs in', async () => {
    const db = database.db();
    const admin = await newAdmin();
    const sessionId = await startDashboardSession(db, admin.id);
    await setUserPassword(db, admin.id, 'a brand new passphrase');
    expect(await liveDashboardSession(db, sessionId)).toBeUndefined();
    expect(await authenticateUser(db, admin.email, admin.password)).toBeUndefined();
    expect(await authenticateUser(db, admin.email, 'a brand new passphrase')).toMatchObject({ id: admin.id });
    await expect(setUserPassword(db, 'no-such-user', 'whatever passphrase')).rejects.toMatchObject({ status: 404 });
  });

  it('disabling a user ends every session and refuses sign-in, even with the right password', async () => {
    const db = database.db();
    const admin = await newAdmin();
    const sessions = [await startDashboardSession(db, admin.id), await startDashboardSession(db, admin.id)];
    await disableUser(db, admin.id);
    for (const sessionId of sessions) expect(await liveDashboardSession(db, sessionId)).toBeUndefined();
    expect(await authenticateUser(db, admin.email, admin.password)).toBeUndefined();
    // A session recorded despite the flag (a sign-in racing the disabling) opens nothing either.
    expect(await liveDashboardSession(db, await startDashboardSession(db, admin.id))).toBeUndefined();
    await expect(disableUser(db, 'no-such-user')).rejects.toMatchObject({ status: 404 });
  });

  it('a deleted user’s sessions go with the user', async () => {
    const db = database.db();
    const admin = await newAdmin();
    const sessionId = await startDashboardSession(db, admin.id);
    await db.delete(users).where(eq(users.id, admin.id));
    expect(await liveDashboardSession(db, sessionId)).toBeUndefined();
  });

  it('an unused session runs out after the idle time; use slides it, with a write only now and then', async () => {
    const db = database.db();
    const admin = await newAdmin();
    const start = new Date();
    const sessionId = await startDashboardSession(db, admin.id, start);
    const expiry = async () => (await db.select().from(dashboardSessions).where(eq(dashboardSessions.userId, admin.id)))[0]!.expiresAt;
    expect(await expiry()).toEqual(at(start, SESSION_IDLE_SECONDS));

    // Used soon after sign-in: still live, expiry not rewritten.
    expect(await liveDashboardSession(db, sessionId, at(start, SESSION_RENEW_SECONDS / 2))).toBeDefined();
    expect(await expiry()).toEqual(at(start, SESSION_IDLE_SECONDS));

    // Used later: the expiry slides forward from that use.
    const later = at(start, SESSION_IDLE_SECONDS - 60);
    expect(await liveDashboardSession(db, sessionId, later)).toBeDefined();
    expect(await expiry()).toEqual(at(later, SESSION_IDLE_SECONDS));

    // Not used for the idle time: over.
    expect(await liveDashboardSession(db, sessionId, at(later, SESSION_IDLE_SECONDS + 1))).toBeUndefined();
  });

  it('even a session in constant use ends at its absolute lifetime', async () => {
    const db = database.db();
    const admin = await newAdmin();
    const start = new Date();
    const sessionId = await startDashboardSession(db, admin.id, start);
    let now = start;
    while (now.getTime() < at(start, SESSION_ABSOLUTE_SECONDS - SESSION_IDLE_SECONDS / 2).getTime()) {
      now = at(now, SESSION_IDLE_SECONDS / 2);
      expect(await liveDashboardSession(db, sessionId, now)).toBeDefined();
    }
    expect(await liveDashboardSession(db, sessionId, at(start, SESSION_ABSOLUTE_SECONDS + 1))).toBeUndefined();
  });

  it('a sign-in sweeps away sessions that ran out', async () => {
    const db = database.db();
    const admin = await newAdmin();
    const start = new Date();
    await startDashboardSession(db, admin.id, start);
    await startDashboardSession(db, admin.id, at(start, SESSION_IDLE_SECONDS + 1));
    const rows = await db.select().from(dashboardSessions).where(eq(dashboardSessions.userId, admin.id));
    expect(rows).toHaveLength(1);
  });
});
