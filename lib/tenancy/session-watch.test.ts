import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dashboardSessions, users } from '@/db/schema';
import { useTestDatabase } from '@/lib/testing/database';
import { createSessionWatcher, type SessionWatch } from './session-watch';
import { createUser, dashboardSessionKey, endDashboardSession, endUserSessions, startDashboardSession } from './users';

const database = useTestDatabase();
const SWEEP_MS = 300;
/** A watcher that sweeps every `sweepIntervalMs` (by default, too seldom to matter in a test: only notices count). */
const watcher = (sweepIntervalMs = 60_000) => createSessionWatcher(database.handle(), { sweepIntervalMs });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let counter = 0;

async function session() {
  const user = await createUser(database.db(), { email: `watched-${process.pid}-${++counter}@sessions.test`, password: 'password-123', role: 'ADMIN' });
  const id = await startDashboardSession(database.db(), user.id);
  return { userId: user.id, id, key: dashboardSessionKey(id) };
}

/** When `watch` ended (ms since `since`), or undefined if it is still running after `withinMs`. */
async function endedWithin(watch: SessionWatch, withinMs: number, since = Date.now()) {
  const ended = new Promise<number>((resolve) => {
    if (watch.ended.aborted) resolve(Date.now() - since);
    else watch.ended.addEventListener('abort', () => resolve(Date.now() - since), { once: true });
  });
  return Promise.race([ended, sleep(withinMs).then(() => undefined)]);
}

describe('watching a dashboard session', () => {
  it('ends the watch of a session signed out, and no other', async () => {
    const [mine, other] = [await session(), await session()];
    const watches = watcher();
    const watch = (await watches.watch({ key: mine.key, userId: mine.userId }))!;
    const otherWatch = (await watches.watch({ key: other.key, userId: other.userId }))!;
    await endDashboardSession(database.db(), mine.id);
    expect(await endedWithin(watch, 2000)).toBeDefined();
    expect(await endedWithin(otherWatch, 500)).toBeUndefined();
    otherWatch.stop();
  });

  it('ends every watch of a user whose sessions end, once that commits (a rolled-back end ends nothing)', async () => {
    const first = await session();
    const second = { key: dashboardSessionKey(await startDashboardSession(database.db(), first.userId)), userId: first.userId };
    const watches = watcher();
    const watched = [(await watches.watch(first))!, (await watches.watch(second))!];
    await database
      .db()
      .transaction(async (tx) => {
        await endUserSessions(tx, first.userId);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await endedWithin(watched[0]!, 500)).toBeUndefined();
    await endUserSessions(database.db(), first.userId);
    expect(await Promise.all(watched.map((watch) => endedWithin(watch, 2000)))).toEqual([expect.any(Number), expect.any(Number)]);
  });

  it('ends the watch at the session’s idle expiry, and not before', async () => {
    const mine = await session();
    const expiresAt = new Date(Date.now() + 2500);
    await database.db().update(dashboardSessions).set({ expiresAt }).where(eq(dashboardSessions.idHash, mine.key));
    const watch = (await watcher().watch(mine))!;
    const since = expiresAt.getTime();
    const ended = await endedWithin(watch, 8000, since);
    expect(ended).toBeDefined();
    expect(ended!).toBeGreaterThanOrEqual(-50);
    expect(ended!).toBeLessThan(1000);
  });

  it('keeps watching a session that was used before its idle expiry (its expiry moved on)', async () => {
    const mine = await session();
    const expiresAt = new Date(Date.now() + 2500);
    await database.db().update(dashboardSessions).set({ expiresAt }).where(eq(dashboardSessions.idHash, mine.key));
    const watch = (await watcher().watch(mine))!;
    // As a page view in another tab renews it (liveDashboardSession).
    await database
      .db()
      .update(dashboardSessions)
      .set({ expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(dashboardSessions.idHash, mine.key));
    expect(await endedWithin(watch, expiresAt.getTime() - Date.now() + 1000)).toBeUndefined();
    watch.stop();
  });

  it('catches an end it was not told of (a notice lost while reconnecting) at its next sweep', async () => {
    const [deleted, disabled] = [await session(), await session()];
    const watches = watcher(SWEEP_MS);
    const watched = [(await watches.watch(deleted))!, (await watches.watch(disabled))!];
    // Changed behind the notices' back.
    await database.db().delete(dashboardSessions).where(eq(dashboardSessions.idHash, deleted.key));
    await database.db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.userId));
    const since = Date.now();
    const ended = await Promise.all(watched.map((watch) => endedWithin(watch, SWEEP_MS * 4, since)));
    expect(ended).toEqual([expect.any(Number), expect.any(Number)]);
  });

  it('answers no watch for a session that has already ended', async () => {
    const mine = await session();
    await endDashboardSession(database.db(), mine.id);
    expect(await watcher().watch(mine)).toBeUndefined();
  });
});
