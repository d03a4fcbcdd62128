import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { postWebhook } from '@/lib/events/webhook-sender';
import { webhookHeaders } from '@/lib/events/webhook-signature';
import { CONNECTION_TIMEOUTS } from '@/lib/http/connection-guard';
import { newId } from '@/lib/ids';
import { createDemoSinkEndpoint, sinkReceipts } from '@/lib/ops/demo-sink';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { startRouteServer, type RouteServer } from '@/lib/testing/route-server';
import { GET, POST } from './route';

const { db } = useTestDatabase();

// The server closes a connection idle this long (plus Node's own second of grace) and says so in `Keep-Alive`.
const KEEP_ALIVE_MS = 2_000;
let server: RouteServer;

beforeAll(async () => {
  server = await startRouteServer({ '/demo/webhook-sink/[sink]': { GET, POST } as never }, { server: CONNECTION_TIMEOUTS, keepAliveTimeout: KEEP_ALIVE_MS });
  resetConfig({ SEED_DEMO: 'true', PORT: new URL(server.origin).port });
});
afterEach(() => resetConfig({ SEED_DEMO: 'true', PORT: new URL(server.origin).port }));
afterAll(async () => {
  resetConfig();
  await server.close();
});

/** Holds the event loop, as a long synchronous query on the embedded database does. */
const busy = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the demo webhook sink', () => {
  it('answers every delivery on its first attempt, also when it closes an idle connection as the next delivery goes out', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const partner = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    const sink = `first-try-${newId()}`;
    const endpoint = await createDemoSinkEndpoint(db(), partner.partnerId, sink);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    const secrets = { endpointId: row!.id, secret: row!.secret, previousSecret: null, previousSecretExpiresAt: null };
    const deliver = (eventId: string) => {
      const body = JSON.stringify({ id: eventId, type: 'ORDER_CREATED' });
      return postWebhook(endpoint.url, webhookHeaders(eventId, body, secrets), body, 5_000);
    };

    const outcomes = [await deliver('evt_first')];
    for (const round of [1, 2]) {
      // The next delivery is due just before the server gives up the idle connection (1 s after its Keep-Alive
      // timeout), and the loop is busy across both moments: they run in the same turn, the server's close first.
      const closesAt = KEEP_ALIVE_MS + 1_000;
      setTimeout(() => busy(250), closesAt - 150);
      await sleep(closesAt - 50);
      outcomes.push(await deliver(`evt_round_${round}`));
      // Between bursts: the pool may keep the connection of the last one.
      outcomes.push(await deliver(`evt_burst_${round}`));
    }

    expect(outcomes.map((outcome) => ({ succeeded: outcome.succeeded, statusCode: outcome.statusCode, error: outcome.error }))).toEqual(
      outcomes.map(() => ({ succeeded: true, statusCode: 200, error: null })),
    );
    expect(JSON.parse(outcomes[0]!.responseSnippet!)).toMatchObject({ received: true, verified: true, webhookId: 'evt_first' });
    expect(sinkReceipts(sink).map((receipt) => [receipt.webhookId, receipt.verified])).toEqual(
      ['evt_burst_2', 'evt_round_2', 'evt_burst_1', 'evt_round_1', 'evt_first'].map((id) => [id, true]),
    );
  }, 20_000);
});
