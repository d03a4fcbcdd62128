import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { clients, grants, partners } from '@/db/schema';
import { createGrant, revokeGrant } from '@/lib/auth/grants';
import { createRefreshToken } from '@/lib/auth/refresh-tokens';
import { connectBaseUrl } from '@/lib/config';
import { revokeClient } from '@/lib/ops/clients';
import { workAsBookingApp } from '@/lib/simulators/booking-app';
import { workAsOrderingApp } from '@/lib/simulators/ordering-app';
import { workAsPos, type PosTiming } from '@/lib/simulators/pos';
import { describeError, type SimulatorLog } from '@/lib/simulators/shared';
import { createClient } from '@/lib/tenancy/partners';
import { clientCredentials, createCounterpartClient, MemoryTokenStore, refreshingTokens, type TokenProvider } from '../../sdk/src/index';

/** The sandbox POS is quick, so a developer sees an order reach READY within seconds; it rejects nothing. */
export const SANDBOX_POS_TIMING: PosTiming = { acceptDelay: 1, prepareDelay: 1, readyDelay: 1, rejectShare: 0, saleEvery: 0, seatBookings: 'at-once' };
/** Traffic a POS's sandbox gets from its simulated apps, per minute. */
const SANDBOX_ORDERS_PER_MINUTE = 2;
const SANDBOX_BOOKINGS_PER_MINUTE = 1;

export interface RunningCounterpart {
  stop(): Promise<void>;
}

/**
 * Real credentials for a simulated partner, made by the server for itself: a POS gets a device grant for the sandbox
 * location (as if the sandbox's merchant had approved it on /activate) and renews its token with the refresh grant; an
 * app gets a fresh client secret and uses client_credentials. Either way the tokens come from /oauth/token, and what
 * an earlier run held is revoked.
 */
async function credentials(db: Database, partner: { id: string; type: string }, locationId: string, origin: string): Promise<TokenProvider> {
  const held = await db
    .select({ id: clients.id, clientId: clients.clientId })
    .from(clients)
    .where(and(eq(clients.partnerId, partner.id), isNull(clients.revokedAt)));
  if (partner.type === 'POS') {
    const client = held[0] ?? (await clientRow(db, (await createClient(db, partner.id)).client_id));
    const earlier = await db
      .select({ id: grants.id })
      .from(grants)
      .where(and(eq(grants.partnerId, partner.id), isNull(grants.revokedAt)));
    for (const grant of earlier) await revokeGrant(db, grant.id);
    const refreshToken = await db.transaction(async (tx) => {
      const grantId = await createGrant(tx, {
        kind: 'DEVICE_CODE',
        client: { id: client.id, partnerId: partner.id },
        audience: connectBaseUrl(),
        locationIds: [locationId],
      });
      return createRefreshToken(tx, grantId);
    });
    return refreshingTokens({ baseUrl: origin, clientId: client.clientId, store: new MemoryTokenStore({ accessToken: '', refreshToken, expiresAt: 0 }) });
  }
  for (const client of held) await revokeClient(db, client.clientId);
  const fresh = await createClient(db, partner.id);
  return clientCredentials({ baseUrl: origin, clientId: fresh.client_id, clientSecret: fresh.client_secret! });
}

async function clientRow(db: Database, clientId: string) {
  const [row] = await db.select({ id: clients.id, clientId: clients.clientId }).from(clients).where(eq(clients.clientId, clientId));
  return row!;
}

/**
 * Starts the simulated partners of a sandbox inside this process, each talking to Counterpart through its own API at
 * `origin` with its own tokens, built on the simulators (lib/simulators): a POS that accepts, prepares and readies
 * every order (and accepts and seats bookings), or an ordering app and a booking app that send traffic.
 */
export async function startCounterpart(
  db: Database,
  sandbox: { locationId: string; simulatedPartnerIds: string[] },
  origin: string,
  log: SimulatorLog,
): Promise<RunningCounterpart> {
  const simulated = sandbox.simulatedPartnerIds.length
    ? await db
        .select({ id: partners.id, type: partners.type })
        .from(partners)
        .where(and(inArray(partners.id, sandbox.simulatedPartnerIds), isNull(partners.disabledAt)))
    : [];
  const stopping = new AbortController();
  const signal = stopping.signal;
  const locations = [sandbox.locationId];
  const work: Promise<unknown>[] = [];
  for (const partner of simulated) {
    const api = createCounterpartClient({ baseUrl: origin, auth: await credentials(db, partner, sandbox.locationId, origin) });
    const named = (name: string) => (message: string) => log(`${name}: ${message}`);
    const running =
      partner.type === 'POS'
        ? workAsPos({ api, locations, timing: SANDBOX_POS_TIMING, signal, log: named('pos'), workWaitingOrders: true })
        : partner.type === 'ORDERING_APP'
          ? workAsOrderingApp({ api, locations, rate: SANDBOX_ORDERS_PER_MINUTE, collectDelay: 5, drainTimeout: 0, signal, log: named('ordering-app') })
          : workAsBookingApp({ api, locations, rate: SANDBOX_BOOKINGS_PER_MINUTE, signal, log: named('booking-app') });
    work.push(running.catch((error: unknown) => log(`${partner.type} stopped: ${describeError(error)}`)));
  }
  return {
    async stop() {
      stopping.abort();
      await Promise.allSettled(work);
    },
  };
}
