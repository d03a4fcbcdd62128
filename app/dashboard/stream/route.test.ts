import { describe, expect, it, vi } from 'vitest';
import { emitEvent } from '@/lib/events/outbox';
import { useTestDatabase } from '@/lib/testing/database';
import { DASHBOARD_ORIGIN, DashboardBrowser } from '@/lib/testing/dashboard-browser';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createUser } from '@/lib/tenancy/users';

// The board reloads what it missed when its stream says `ready`. An instance that has just started may still be setting
// up its LISTEN when the stream opens; were the page to reload at open, an event committed in that gap would reach
// neither the reload nor the stream, and the order would stay off the board until the next one arrived.
process.env.AUTH_SECRET ??= 'a-test-secret-of-at-least-thirty-two-characters';
const current = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock('next/headers', async (importOriginal) => ({ ...(await importOriginal<object>()), headers: async () => current.headers }));

const { handlers } = await import('@/auth');
const { GET } = await import('./route');

const database = useTestDatabase();
const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the dashboard stream on a freshly started instance', () => {
  it('says it is ready only once it is listening, so an event committed right after that arrives', async () => {
    const { merchant, locationIds } = await createMerchantWithLocations(database.db(), 1);
    const email = `fresh-stream-${process.pid}@sessions.test`;
    await createUser(database.db(), { email, password: PASSWORD, role: 'MERCHANT', merchantId: merchant.id });
    const browser = new DashboardBrowser(handlers);
    await browser.signIn(email, PASSWORD);

    // A slow LISTEN, as on a loaded machine right after start: the bus's first subscription sets it up.
    const handle = database.handle();
    const listen = handle.listen.bind(handle);
    const spy = vi.spyOn(handle, 'listen').mockImplementation(async (channel, onNotify) => {
      await sleep(300);
      return listen(channel, onNotify);
    });

    current.headers = new Headers({ host: new URL(DASHBOARD_ORIGIN).host, cookie: browser.cookieHeader() });
    const abort = new AbortController();
    const response = await GET(new Request(`${DASHBOARD_ORIGIN}/dashboard/stream`, { headers: current.headers, signal: abort.signal }), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5_000;
      while (!text.includes(needle) && Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), sleep(deadline - Date.now()).then(() => undefined)]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      return text.includes(needle);
    };

    // The page reloads what it missed on `ready`; an event committed from then on must reach the stream.
    expect(await readUntil('event: ready')).toBe(true);
    await database.db().transaction((tx) =>
      emitEvent(tx, {
        type: 'NEW_TABLE',
        locationId: locationIds[0]!,
        resource: 'table',
        resourceId: 'right-after-ready',
        version: 1,
        actorPartnerId: null,
        audience: { partnerIds: [] },
      }),
    );
    const arrived = await readUntil('right-after-ready');
    abort.abort();
    spy.mockRestore();
    expect(arrived, text).toBe(true);
  });
});
