import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '@/db/client';
import {
  bookings,
  connections,
  events,
  grantLocations,
  locationAvailability,
  locations,
  merchants,
  orders,
  partners,
  posPresence,
  sales,
  sandboxes,
  sections,
  tables,
} from '@/db/schema';
import { approveOwnDevice } from '@/lib/auth/device-approval';
import { ApiError, conflict, notFound, validationFailed } from '@/lib/errors';
import { newId, newPrefixedId } from '@/lib/ids';
import { disablePartner } from '@/lib/ops/clients';
import { recordAudit, type AuditActor } from '@/lib/ops/audit';
import { seedDemoFloor } from '@/lib/tables/demo-floor';
import { ownedByPartner, type PartnerCaller } from '@/lib/tenancy/scope';

// A partner's sandbox: a merchant with one location that belongs to the partner, connected to it, and a simulated
// counterpart working it (lib/sandbox/runner.ts): for an app, a POS that accepts and readies its orders; for a POS, an
// ordering app and a booking app sending traffic. Sandbox merchants have no users, so no real merchant ever reaches
// them (lib/tenancy/scope.ts), and the operator's counts and lists leave them out or mark them (lib/ops/console.ts).

type PartnerType = (typeof partners.$inferSelect)['type'];

/** Which simulated partners work a sandbox, by the type of the partner it belongs to. */
const COUNTERPARTS: Record<PartnerType, PartnerType[]> = {
  ORDERING_APP: ['POS'],
  BOOKING_APP: ['POS'],
  POS: ['ORDERING_APP', 'BOOKING_APP'],
  LOYALTY: [],
};

const COUNTERPART_NAMES: Record<PartnerType, string> = {
  POS: 'Simulated POS',
  ORDERING_APP: 'Simulated ordering app',
  BOOKING_APP: 'Simulated booking app',
  LOYALTY: 'Simulated loyalty partner',
};

export const sandboxSchema = z
  .object({
    partnerId: z.string(),
    merchantId: z.string(),
    locationId: z.string().describe('The sandbox location: send orders (or work them) here.'),
    sandbox: z.literal(true),
    counterparts: z.array(z.object({ partnerId: z.string(), name: z.string(), type: z.enum(['POS', 'ORDERING_APP', 'BOOKING_APP', 'LOYALTY']) })),
    createdAt: z.string(),
    activeAt: z.string().describe('When the sandbox was last asked for; its simulator stops after SANDBOX_IDLE_MINUTES without use.'),
  })
  .meta({ id: 'Sandbox' });

export type Sandbox = z.output<typeof sandboxSchema>;

async function sandboxOf(db: Executor, caller: PartnerCaller): Promise<Sandbox | undefined> {
  const [row] = await db.select().from(sandboxes).where(ownedByPartner(caller, sandboxes.partnerId)).limit(1);
  if (!row) return undefined;
  const counterparts = row.simulatedPartnerIds.length
    ? await db
        .select({ partnerId: partners.id, name: partners.name, type: partners.type })
        .from(partners)
        .where(inArray(partners.id, row.simulatedPartnerIds))
        .orderBy(partners.name)
    : [];
  return {
    partnerId: row.partnerId,
    merchantId: row.merchantId,
    locationId: row.locationId,
    sandbox: true,
    counterparts,
    createdAt: row.createdAt.toISOString(),
    activeAt: row.activeAt.toISOString(),
  };
}

/** The partner's sandbox; 404 when it has none. */
export async function getSandbox(db: Executor, caller: PartnerCaller): Promise<Sandbox> {
  const sandbox = await sandboxOf(db, caller);
  if (!sandbox) throw notFound('Sandbox');
  return sandbox;
}

/**
 * Creates the partner's sandbox, or, when it has one, marks it in use again (which restarts a simulator stopped for
 * idleness): a merchant and a location owned by the partner, with the demo floor, connected to the partner and to its
 * simulated counterparts. Answers the sandbox and whether it was made now.
 */
export async function createSandbox(db: Database, input: { partnerId: string; actor: AuditActor }): Promise<{ sandbox: Sandbox; created: boolean }> {
  const caller = { partnerId: input.partnerId };
  const touched = await db
    .update(sandboxes)
    .set({ activeAt: sql`now()` })
    .where(ownedByPartner(caller, sandboxes.partnerId))
    .returning({ id: sandboxes.partnerId });
  if (touched.length) return { sandbox: await getSandbox(db, caller), created: false };

  const [partner] = await db.select().from(partners).where(eq(partners.id, input.partnerId)).limit(1);
  // A simulated counterpart is part of another partner's sandbox, not a partner of its own.
  if (!partner || partner.sandboxPartnerId) throw notFound('Partner');
  if (partner.disabledAt) throw conflict(`Partner ${partner.id} is disabled.`);
  const counterpartTypes = COUNTERPARTS[partner.type];
  if (!counterpartTypes.length) throw new ApiError('UNPROCESSABLE_ENTITY', `A ${partner.type} partner has no sandbox yet.`, { status: 422 });

  await db.transaction(async (tx) => {
    // One sandbox per partner: of two concurrent requests, the second waits here and finds the first one's.
    await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, partner.id)).for('update');
    const [existing] = await tx.select({ id: sandboxes.partnerId }).from(sandboxes).where(ownedByPartner(caller, sandboxes.partnerId));
    if (existing) return;
    const merchantId = newId();
    await tx.insert(merchants).values({ id: merchantId, name: `${partner.name} sandbox`, sandboxPartnerId: partner.id });
    const locationId = newPrefixedId('sbx');
    await tx.insert(locations).values({ id: locationId, merchantId, name: 'Sandbox location' });
    await seedDemoFloor(tx, [locationId]);
    // The sandbox takes orders while its simulated POS sleeps (docs/contract.md#availability's POS-offline rule off):
    // the partner's order is what wakes the simulator, which then works the orders waiting.
    await tx.insert(locationAvailability).values({ locationId, posOfflinePause: false });
    const simulatedPartnerIds: string[] = [];
    for (const type of counterpartTypes) {
      const id = newId();
      await tx.insert(partners).values({ id, name: `${COUNTERPART_NAMES[type]} (${partner.name})`, type, sandboxPartnerId: partner.id });
      simulatedPartnerIds.push(id);
    }
    await tx.insert(connections).values([partner.id, ...simulatedPartnerIds].map((partnerId) => ({ id: newId(), partnerId, locationId })));
    await tx.insert(sandboxes).values({ partnerId: partner.id, merchantId, locationId, simulatedPartnerIds });
    await recordAudit(tx, input.actor, {
      action: 'sandbox.create',
      targetType: 'partner',
      targetId: partner.id,
      after: { merchantId, locationId, simulatedPartnerIds },
    });
  });
  return { sandbox: await getSandbox(db, caller), created: true };
}

/** Deletes what happened at a sandbox location (orders, bookings, sales and their events), keeping its floor and connections. */
async function deleteActivity(tx: Executor, locationId: string) {
  // Events cascade to their recipients and webhook deliveries (and those to their attempts); changes cascade with their order or booking.
  await tx.delete(events).where(eq(events.locationId, locationId));
  await tx.delete(orders).where(eq(orders.locationId, locationId));
  await tx.delete(bookings).where(eq(bookings.locationId, locationId));
  await tx.delete(sales).where(eq(sales.locationId, locationId));
}

/** Resets the partner's sandbox: its orders, bookings, sales and events are deleted; the location, floor and simulator stay. */
export async function resetSandbox(db: Database, input: { partnerId: string; actor: AuditActor }): Promise<Sandbox> {
  const caller = { partnerId: input.partnerId };
  const sandbox = await getSandbox(db, caller);
  await db.transaction(async (tx) => {
    await deleteActivity(tx, sandbox.locationId);
    await tx
      .update(sandboxes)
      .set({ activeAt: sql`now()` })
      .where(ownedByPartner(caller, sandboxes.partnerId));
    await recordAudit(tx, input.actor, { action: 'sandbox.reset', targetType: 'partner', targetId: input.partnerId });
  });
  return getSandbox(db, caller);
}

/**
 * Deletes the partner's sandbox: its activity, floor, location and merchant. The simulated partners are disabled
 * (their clients and grants revoked) and stay out of every list, since requests they made remain in the logs.
 */
export async function deleteSandbox(db: Database, input: { partnerId: string; actor: AuditActor }): Promise<void> {
  const caller = { partnerId: input.partnerId };
  const sandbox = await getSandbox(db, caller);
  await db.transaction(async (tx) => {
    await deleteActivity(tx, sandbox.locationId);
    for (const counterpart of sandbox.counterparts) await disablePartner(tx, counterpart.partnerId);
    await tx.delete(sandboxes).where(ownedByPartner(caller, sandboxes.partnerId));
    await tx.delete(tables).where(eq(tables.locationId, sandbox.locationId));
    await tx.delete(sections).where(eq(sections.locationId, sandbox.locationId));
    await tx.delete(posPresence).where(eq(posPresence.locationId, sandbox.locationId));
    await tx.delete(locationAvailability).where(eq(locationAvailability.locationId, sandbox.locationId));
    await tx.delete(grantLocations).where(eq(grantLocations.locationId, sandbox.locationId));
    await tx.delete(connections).where(eq(connections.locationId, sandbox.locationId));
    await tx.delete(locations).where(and(eq(locations.id, sandbox.locationId), eq(locations.merchantId, sandbox.merchantId)));
    await tx.delete(merchants).where(and(eq(merchants.id, sandbox.merchantId), eq(merchants.sandboxPartnerId, input.partnerId)));
    await recordAudit(tx, input.actor, { action: 'sandbox.delete', targetType: 'partner', targetId: input.partnerId, before: sandbox });
  });
}

export const sandboxDeviceSchema = z
  .object({ userCode: z.string().min(1).max(20).describe('The user code the POS shows (device flow).') })
  .meta({ id: 'SandboxDevice' });

/**
 * Approves a POS partner's own device for its sandbox location, as a merchant would on /activate (a sandbox has no
 * merchant user): the POS's next poll of /oauth/token gets tokens that reach the sandbox location.
 */
export async function approveSandboxDevice(db: Database, input: { partnerId: string; userCode: string; actor: AuditActor }): Promise<Sandbox> {
  const sandbox = await getSandbox(db, { partnerId: input.partnerId });
  const decision = await approveOwnDevice(db, { userCode: input.userCode, partnerId: input.partnerId, locationId: sandbox.locationId, actor: input.actor });
  if (!decision.ok) throw validationFailed([{ segment: 'body', path: 'userCode', message: decision.message }]);
  return sandbox;
}
