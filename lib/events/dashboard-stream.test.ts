import { createServer, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeToNodeResponse } from 'next/dist/server/pipe-readable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createPartner } from '@/lib/tenancy/partners';
import { SLOW_DASHBOARD_BUFFER_BYTES, dashboardEventFilter, dashboardEventStream, notifyDashboard } from './dashboard-stream';
import { eventBus } from './event-bus';
import { EVENTS_CHANNEL, emitEvent } from './outbox';
import { sleep } from '@/lib/testing/event-fixtures';

const database = useTestDatabase();

async function readFrames(stream: ReadableStream<Uint8Array>, count: number) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // Events' data frames; named frames (`ready`, `signed-out`) are the stream's own.
  const frames = () => text.split('\n\n').filter((frame) => frame.includes('data: ') && !frame.split('\n').some((line) => line.startsWith('event: ')));
  const deadline = Date.now() + 5000;
  while (frames().length < count && Date.now() < deadline) {
    const { value, done } = await Promise.race([
      reader.read(),
      new Promise<{ value: undefined; done: true }>((resolve) => setTimeout(() => resolve({ value: undefined, done: true }), 1000)),
    ]);
    if (value) text += decoder.decode(value);
    if (done && frames().length < count && Date.now() >= deadline) break;
  }
  reader.releaseLock();
  return frames().map((frame) => JSON.parse(frame.split('data: ')[1]!));
}

const emit = (locationId: string, resourceId: string, partnerIds: string[] = []) =>
  database
    .db()
    .transaction((tx) =>
      emitEvent(tx, { type: 'NEW_TABLE', locationId, resource: 'table', resourceId, version: 1, actorPartnerId: null, audience: { partnerIds } }),
    );

afterEach(() => vi.restoreAllMocks());

/** Two merchants, and the first one's dashboard stream, open until `abort`. */
async function openMerchantDashboard() {
  const mine = await createMerchantWithLocations(database.db(), 1);
  const theirs = await createMerchantWithLocations(database.db(), 1);
  const filter = await dashboardEventFilter(database.db(), { role: 'OWNER', merchantId: mine.merchant.id });
  const abort = new AbortController();
  const stream = dashboardEventStream(database.handle(), filter, abort.signal);
  // The stream subscribes as it opens; the first one in this file also starts the bus's LISTEN, which events emitted
  // right away would otherwise race.
  await eventBus(database.handle()).listening();
  return { mine, theirs, abort, stream };
}

describe('dashboard event stream', () => {
  it('sends a member restricted to one location nothing of the merchant’s other locations', async () => {
    const mine = await createMerchantWithLocations(database.db(), 2);
    const [a, b] = mine.locationIds as [string, string];
    const filter = await dashboardEventFilter(database.db(), { role: 'STAFF', merchantId: mine.merchant.id, locationIds: [a] });
    const abort = new AbortController();
    const stream = dashboardEventStream(database.handle(), filter, abort.signal);
    await eventBus(database.handle()).listening();
    await emit(b, 'location-b');
    await emit(a, 'location-a');
    const frames = await readFrames(stream, 1);
    abort.abort();
    expect(frames.map((frame) => [frame.locationId, frame.data.id])).toEqual([[a, 'location-a']]);
  });

  it("streams a merchant's own locations' events only, as {type, locationId, data}", async () => {
    const { mine, theirs, stream, abort } = await openMerchantDashboard();
    await emit(theirs.locationIds[0]!, 'not-mine');
    const event = await emit(mine.locationIds[0]!, 'mine');
    const frames = await readFrames(stream, 1);
    abort.abort();
    expect(frames).toEqual([{ type: 'NEW_TABLE', locationId: mine.locationIds[0], data: JSON.parse(JSON.stringify(event.data)) }]);
  });

  it("does not make the server read other merchants' events while a merchant's dashboard is open", async () => {
    const { mine, theirs, stream, abort } = await openMerchantDashboard();
    const heard: string[] = [];
    const unlisten = await database.handle().listen(EVENTS_CHANNEL, (payload) => heard.push(payload));
    const reads = vi.spyOn(database.handle().db, 'select');
    const theirEvent = await emit(theirs.locationIds[0]!, 'theirs');
    for (let i = 0; i < 200 && !heard.some((payload) => payload.includes(theirEvent.id)); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await unlisten();
    expect(heard.some((payload) => payload.includes(theirEvent.id))).toBe(true);
    expect(reads).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    await emit(mine.locationIds[0]!, 'still-mine');
    const frames = await readFrames(stream, 1);
    abort.abort();
    expect(frames.map((frame) => frame.data.id)).toEqual(['still-mine']);
  });

  it("gives a loyalty partner reviewer their partner's events and an admin everything", async () => {
    const { locationIds } = await createMerchantWithLocations(database.db(), 1);
    const loyalty = await createPartner(database.db(), { name: 'Loyal', type: 'LOYALTY' });
    const partnerFilter = await dashboardEventFilter(database.db(), { role: 'LOYALTY_PARTNER', partnerId: loyalty.id });
    const adminFilter = await dashboardEventFilter(database.db(), { role: 'ADMIN' });
    const abort = new AbortController();
    const partnerStream = dashboardEventStream(database.handle(), partnerFilter, abort.signal);
    const adminStream = dashboardEventStream(database.handle(), adminFilter, abort.signal);
    await eventBus(database.handle()).listening();
    await emit(locationIds[0]!, 'not-for-loyalty');
    await emit(locationIds[0]!, 'for-loyalty', [loyalty.id]);
    const [partnerFrames, adminFrames] = await Promise.all([readFrames(partnerStream, 1), readFrames(adminStream, 2)]);
    abort.abort();
    expect(partnerFrames.map((frame) => frame.data.id)).toEqual(['for-loyalty']);
    expect(adminFrames.map((frame) => frame.data.id)).toEqual(['not-for-loyalty', 'for-loyalty']);
  });
});

describe('the end of a dashboard stream', () => {
  const readToEnd = async (stream: ReadableStream<Uint8Array>) => {
    const reader = stream.getReader();
    for (;;) {
      const { done } = await Promise.race([reader.read(), sleep(2000).then(() => ({ done: 'still open' as const }))]);
      if (done) return done;
    }
  };

  it('comes at once for a signal that aborted before the stream opened (a session that ended meanwhile)', async () => {
    const filter = await dashboardEventFilter(database.db(), { role: 'ADMIN' });
    const closed: string[] = [];
    const stream = dashboardEventStream(database.handle(), filter, AbortSignal.abort(), () => closed.push('closed'));
    expect(await readToEnd(stream)).toBe(true);
    expect(closed).toEqual(['closed']);
  });

  it('is told to `onClose` once, however many ways it ends', async () => {
    const filter = await dashboardEventFilter(database.db(), { role: 'ADMIN' });
    const closed: string[] = [];
    const abort = new AbortController();
    const stream = dashboardEventStream(database.handle(), filter, abort.signal, () => closed.push('closed'));
    // The browser goes away, then the session ends too.
    await stream.cancel();
    abort.abort();
    expect(closed).toEqual(['closed']);
  });
});

describe('dashboard notices', () => {
  it("passes a committed notice (a loyalty decision) to the location's merchant only, and a rolled-back one to nobody", async () => {
    const { mine, theirs, stream, abort } = await openMerchantDashboard();
    const notice = (locationId: string, resourceId: string) => ({ type: 'LOYALTY_ONBOARDING_DECIDED' as const, locationId, partnerIds: [], resourceId });
    await database
      .db()
      .transaction(async (tx) => {
        await notifyDashboard(tx, notice(mine.locationIds[0]!, 'rolled-back'));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db().transaction((tx) => notifyDashboard(tx, notice(theirs.locationIds[0]!, 'theirs')));
    await database.db().transaction((tx) => notifyDashboard(tx, notice(mine.locationIds[0]!, 'decided')));
    const frames = await readFrames(stream, 1);
    abort.abort();
    expect(frames).toEqual([{ type: 'LOYALTY_ONBOARDING_DECIDED', locationId: mine.locationIds[0], data: expect.objectContaining({ id: 'decided' }) }]);
  });
});

describe('a dashboard that stops reading', () => {
  it('has its stream dropped once its unread events reach the bound, holding no more than that', async () => {
    const { locationIds, merchant } = await createMerchantWithLocations(database.db(), 1);
    const filter = await dashboardEventFilter(database.db(), { role: 'OWNER', merchantId: merchant.id });
    // Served as Next serves the stream route's Response body, over a real connection.
    let responseClosed = false;
    const server = createServer((request, response) => {
      const abort = new AbortController();
      response.once('close', () => {
        responseClosed = true;
        abort.abort();
      });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      void pipeToNodeResponse(dashboardEventStream(database.handle(), filter, abort.signal), response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { enqueue } = ReadableStreamDefaultController.prototype;
    let peakQueued = 0;
    vi.spyOn(ReadableStreamDefaultController.prototype, 'enqueue').mockImplementation(function (this: ReadableStreamDefaultController, chunk) {
      enqueue.call(this, chunk);
      peakQueued = Math.max(peakQueued, -(this.desiredSize ?? 0));
    });
    try {
      const response = await new Promise<IncomingMessage>((resolve) => get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, resolve));
      let receivedBytes = 0;
      response.on('data', (chunk: Buffer) => (receivedBytes += chunk.length));
      response.on('error', () => undefined);
      const ended = new Promise<boolean>((resolve) => response.once('close', () => resolve(response.complete)));
      await eventBus(database.handle()).listening();
      await emit(locationIds[0]!, 'before-the-stall');
      for (let i = 0; i < 200 && receivedBytes < 100; i++) await sleep(10);
      expect(receivedBytes).toBeGreaterThan(100);

      // The browser stops reading: up to 1,000 events of ~16 KB = 16 MB, several times what the connection itself holds.
      response.socket.pause();
      const longId = 't'.repeat(8000);
      for (let batch = 0; batch < 20 && !responseClosed; batch++) {
        await database.db().transaction(async (tx) => {
          for (let i = 0; i < 50; i++) {
            await emitEvent(tx, {
              type: 'TABLE_UPDATED',
              locationId: locationIds[0]!,
              resource: 'table',
              resourceId: `${longId}-${batch * 50 + i}`,
              version: 1,
              actorPartnerId: null,
              audience: { partnerIds: [] },
            });
          }
        });
      }
      for (let i = 0; i < 1000 && !responseClosed; i++) await sleep(20);
      expect(responseClosed).toBe(true);
      expect(peakQueued).toBeGreaterThan(0);
      expect(peakQueued).toBeLessThanOrEqual(SLOW_DASHBOARD_BUFFER_BYTES);

      response.socket.resume();
      // The stream was cut, not finished: the browser's EventSource reconnects.
      expect(await ended).toBe(false);
      expect(receivedBytes).toBeLessThan(8 * 1024 * 1024);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});
