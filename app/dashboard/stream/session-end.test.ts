import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { dashboardSessions } from '@/db/schema';
import { eventBus } from '@/lib/events/event-bus';
import { emitEvent } from '@/lib/events/outbox';
import { useTestDatabase } from '@/lib/testing/database';
import { DASHBOARD_ORIGIN, DashboardBrowser } from '@/lib/testing/dashboard-browser';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { SESSION_ABSOLUTE_SECONDS } from '@/lib/tenancy/session-lifetime';
import { createUser } from '@/lib/tenancy/users';

// A dashboard's live stream is authorised once, when it opens; it must still end with its session, however that
// session ends: signed out, the user disabled, a new password, a new role, or the session's expiry. The route, Auth.js
// and the console's actions are the real ones; only Next's request headers are supplied by the test.
process.env.AUTH_SECRET ??= 'a-test-secret-of-at-least-thirty-two-characters';
const current = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock('next/headers', async (importOriginal) => ({ ...(await importOriginal<object>()), headers: async () => current.headers }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));

const { handlers } = await import('@/auth');
const { GET } = await import('./route');
const consoleActions = { ...(await import('../admin/tenants/actions')), ...(await import('../admin/partners/actions')) };

const database = useTestDatabase();
const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let counter = 0;

/** The next server call (a route or an action) comes from `browser`. */
const from = (browser: DashboardBrowser) => {
  current.headers = new Headers({ host: new URL(DASHBOARD_ORIGIN).host, cookie: browser.cookieHeader() });
  return current.headers;
};

async function signedIn(input: { role: 'MERCHANT'; merchantId: string } | { role: 'ADMIN' }) {
  const email = `stream-session-${process.pid}-${++counter}@sessions.test`;
  const user = await createUser(database.db(), { email, password: PASSWORD, ...input });
  const browser = new DashboardBrowser(handlers);
  await browser.signIn(email, PASSWORD);
  expect(browser.sessionCookie(), 'signed in').toBeDefined();
  return { user, browser };
}

async function merchantSignedIn() {
  const { merchant, locationIds } = await createMerchantWithLocations(database.db(), 1);
  return { ...(await signedIn({ role: 'MERCHANT', merchantId: merchant.id })), merchantId: merchant.id, locationId: locationIds[0]! };
}

const emit = (locationId: string, resourceId: string) =>
  database
    .db()
    .transaction((tx) =>
      emitEvent(tx, { type: 'NEW_TABLE', locationId, resource: 'table', resourceId, version: 1, actorPartnerId: null, audience: { partnerIds: [] } }),
    );

/** `browser`'s live stream, read in the background: the resource ids of its events, and when the server ended it. */
async function openStream(browser: DashboardBrowser) {
  const abort = new AbortController();
  const response = await GET(new Request(`${DASHBOARD_ORIGIN}/dashboard/stream`, { headers: from(browser), signal: abort.signal }), {
    params: Promise.resolve({}),
  });
  expect(response.status).toBe(200);
  await eventBus(database.handle()).listening();
  const ids: string[] = [];
  const events: string[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Date.now();
      text += decoder.decode(value, { stream: true });
      const frames = text.split('\n\n');
      text = frames.pop()!;
      for (const frame of frames) {
        const event = frame.split('\n').find((line) => line.startsWith('event: '));
        if (event) {
          events.push(event.slice(7));
          continue;
        }
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (data) ids.push((JSON.parse(data.slice(6)) as { data: { id: string } }).data.id);
      }
    }
  })();
  return { ids, events, ended, close: () => abort.abort() };
}

type Stream = Awaited<ReturnType<typeof openStream>>;

async function expectLive(stream: Stream, locationId: string, resourceId: string) {
  await emit(locationId, resourceId);
  for (let i = 0; i < 100 && !stream.ids.includes(resourceId); i++) await sleep(20);
  expect(stream.ids, 'the stream is live').toContain(resourceId);
}

/** The stream ends within 5 s of `since`, and an event committed right after `since` never reaches it. */
async function expectEndedSince(stream: Stream, since: number, locationId: string) {
  await emit(locationId, 'after-the-session');
  const endedAt = await Promise.race([stream.ended, sleep(6000).then(() => undefined)]);
  stream.close();
  expect(endedAt, 'stream still open 6 s after its session ended').toBeDefined();
  expect(endedAt! - since).toBeLessThan(5000);
  expect(stream.ids).not.toContain('after-the-session');
  // Its last frame tells the page the session is over, so it goes to sign-in instead of reopening the stream.
  expect(stream.events).toEqual(['ready', 'signed-out']);
}

/** A console form action called by `admin`'s browser. */
async function asAdmin(admin: DashboardBrowser, action: keyof typeof consoleActions, fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  from(admin);
  const run = consoleActions[action] as (previous: object, form: FormData) => Promise<{ message?: string; error?: string }>;
  const outcome = await run({}, data);
  expect(outcome.error).toBeUndefined();
  return outcome;
}

describe('a dashboard stream ends with its session', () => {
  it('when the browser signs out', async () => {
    const { browser, locationId } = await merchantSignedIn();
    const stream = await openStream(browser);
    await expectLive(stream, locationId, 'before');
    const since = Date.now();
    await browser.signOut();
    await expectEndedSince(stream, since, locationId);
  });

  it('and only its own: signing out another browser of the same user leaves the stream open', async () => {
    const { user, browser, locationId } = await merchantSignedIn();
    const other = new DashboardBrowser(handlers);
    await other.signIn(user.email, PASSWORD);
    const stream = await openStream(browser);
    await other.signOut();
    await expectLive(stream, locationId, 'still-live');
    stream.close();
    await stream.ended;
  });

  it('when an admin disables the user', async () => {
    const admin = await signedIn({ role: 'ADMIN' });
    const { user, browser, locationId } = await merchantSignedIn();
    const stream = await openStream(browser);
    await expectLive(stream, locationId, 'before');
    const since = Date.now();
    expect((await asAdmin(admin.browser, 'disableUserAction', { userId: user.id })).message).toMatch(/disabled/);
    await expectEndedSince(stream, since, locationId);
  });

  it('when an admin sets a new password', async () => {
    const admin = await signedIn({ role: 'ADMIN' });
    const { user, browser, locationId } = await merchantSignedIn();
    const stream = await openStream(browser);
    await expectLive(stream, locationId, 'before');
    const since = Date.now();
    expect((await asAdmin(admin.browser, 'resetPasswordAction', { userId: user.id })).message).toMatch(/one-time password/);
    await expectEndedSince(stream, since, locationId);
  });

  it('when an admin changes the user’s role', async () => {
    const admin = await signedIn({ role: 'ADMIN' });
    const { user, browser, locationId, merchantId } = await merchantSignedIn();
    // A second owner, since a merchant's last owner keeps the role (docs/domain.md#merchant-teams).
    await createUser(database.db(), { email: `co-owner-${process.pid}-${++counter}@sessions.test`, password: PASSWORD, role: 'OWNER', merchantId });
    const stream = await openStream(browser);
    await expectLive(stream, locationId, 'before');
    const since = Date.now();
    await asAdmin(admin.browser, 'changeRoleAction', { userId: user.id, role: 'ADMIN' });
    await expectEndedSince(stream, since, locationId);
  });

  it('when the session reaches its absolute lifetime, and not before', async () => {
    const { user, browser, locationId } = await merchantSignedIn();
    // Signed in all but 2 s of SESSION_ABSOLUTE_SECONDS ago.
    const [row] = await database
      .db()
      .update(dashboardSessions)
      .set({ createdAt: sql`now() - make_interval(secs => ${SESSION_ABSOLUTE_SECONDS - 2})` })
      .where(eq(dashboardSessions.userId, user.id))
      .returning({ createdAt: dashboardSessions.createdAt });
    const deadline = row!.createdAt.getTime() + SESSION_ABSOLUTE_SECONDS * 1000;
    const stream = await openStream(browser);
    await expectLive(stream, locationId, 'before');
    const early = await Promise.race([stream.ended, sleep(Math.max(0, deadline - Date.now() - 300)).then(() => undefined)]);
    expect(early, 'stream ended before its session expired').toBeUndefined();
    // The watcher's timer and this test's wake-up fall due together at the deadline; which runs first is the event
    // loop's choice, so the event after the session is sent half a second past it.
    await sleep(Math.max(0, deadline - Date.now() + 500));
    await expectEndedSince(stream, deadline, locationId);
  });

  it('a session that ended before its stream opened opens no stream', async () => {
    const { browser } = await merchantSignedIn();
    const stale = new DashboardBrowser(handlers);
    for (const [name, value] of browser.cookies) stale.cookies.set(name, value);
    await browser.signOut();
    const response = await GET(new Request(`${DASHBOARD_ORIGIN}/dashboard/stream`, { headers: from(stale) }), { params: Promise.resolve({}) });
    expect(response.status).toBe(401);
  });
});
