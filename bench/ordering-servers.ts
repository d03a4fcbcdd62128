import type { Database } from '@/db/client';
import { openDatabase } from '@/db/client';
import { ensureSigningKey } from '@/lib/auth/signing-keys';
import { resetConfig } from '@/lib/config';
import { createConnectedPartner, createMerchantWithLocations, type TestPartner } from '@/lib/testing/fixtures';
import { benchDatabase, benchServerEnv, freePort, startMeasuredServer } from './support';

/**
 * The servers the ordering benchmarks compare: the node:http baseline of bench/orders.ts, that baseline hosted as the
 * real server is (Next's process-wide patches, each request in an AsyncLocalStorage), the built server as `npm start`
 * runs it (the fast path), the same with the API request log off, and with every request through Next's pipeline.
 */
export type ServerKind = 'baseline' | 'hosted' | 'server' | 'unlogged' | 'next';

export const SERVER_LABEL: Record<ServerKind, string> = {
  baseline: 'baseline',
  hosted: 'hosted baseline',
  server: 'fast path',
  unlogged: 'no request log',
  next: 'Next pipeline',
};

const isBaseline = (kind: ServerKind) => kind === 'baseline' || kind === 'hosted';

/** What a server's database holds before it starts: one location, with a POS and an ordering app connected to it. */
export interface OrderingWorld {
  locationId: string;
  pos: TestPartner;
  app: TestPartner;
}

/**
 * A server of `kind` on its own throwaway database (each runs a webhook dispatcher, which must only see its own
 * orders), after `prepare` wrote what the benchmark needs beyond the world; `stop()` stops it and drops the database.
 */
export async function startOrderingServer<T>(kind: ServerKind, prepare: (db: Database, world: OrderingWorld) => Promise<T>) {
  const database = await benchDatabase();
  const handle = await openDatabase({ url: database.url, dataDir: 'unused', maxConnections: 2 });
  const env = benchServerEnv(database.url, await freePort(), {
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    API_FAST_PATH: kind === 'next' ? 'false' : 'true',
    API_LOG_ENABLED: kind === 'unlogged' ? 'false' : 'true',
  });
  // Tokens are checked on iss/aud = the server's PUBLIC_URL: issue them with the same configuration.
  resetConfig({ PUBLIC_URL: env.PUBLIC_URL, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  await ensureSigningKey(handle.db);
  const { locationIds } = await createMerchantWithLocations(handle.db, 1);
  const locationId = locationIds[0]!;
  const world: OrderingWorld = {
    locationId,
    pos: await createConnectedPartner(handle.db, 'POS', [locationId]),
    app: await createConnectedPartner(handle.db, 'ORDERING_APP', [locationId]),
  };
  const prepared = await prepare(handle.db, world);
  await handle.close();
  const server = await startMeasuredServer(
    kind,
    kind === 'baseline' ? ['bench/orders.ts', '--baseline'] : kind === 'hosted' ? ['bench/orders.ts', '--baseline', '--hosted'] : ['server.ts'],
    env,
    `${env.PUBLIC_URL}${isBaseline(kind) ? '/ready' : '/readyz'}`,
  );
  return {
    kind,
    pid: server.child.pid!,
    baseUrl: env.PUBLIC_URL,
    ...world,
    prepared,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}
