import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { clients, deviceAuthorizations, locations, partners } from '@/db/schema';
import { recordAudit, userActor, type AuditActor } from '@/lib/ops/audit';
import { createConnection } from '@/lib/tenancy/partners';
import { inScope, type MerchantCaller } from '@/lib/tenancy/scope';
import { createGrant } from './grants';
import { reserveUserCodeAttempt, type AttemptSource } from './user-code-attempts';
import { formatUserCode, normaliseUserCode } from './user-code';

/** A device waiting for a merchant's decision on /activate. */
export interface PendingDevice {
  userCode: string;
  partnerName: string;
  expiresAt: Date;
}

export type UserCodeCheck =
  { ok: true; device: PendingDevice } | { ok: false; reason: 'WRONG_CODE' | 'LOCKED_OUT'; message: string; retryAfterSeconds?: number };

async function pendingDevice(db: Executor, userCode: string) {
  const [row] = await db
    .select({ id: deviceAuthorizations.id, partnerId: deviceAuthorizations.partnerId, partnerName: partners.name, expiresAt: deviceAuthorizations.expiresAt })
    .from(deviceAuthorizations)
    .innerJoin(partners, eq(partners.id, deviceAuthorizations.partnerId))
    .where(and(eq(deviceAuthorizations.userCode, userCode), eq(deviceAuthorizations.status, 'PENDING'), gt(deviceAuthorizations.expiresAt, new Date())))
    .limit(1);
  return row;
}

/**
 * Checks a user code typed on /activate. Unknown, expired and already decided codes are all the same "wrong
 * code", and every wrong code counts towards the per-user and per-address lockout (brute-force protection), taken
 * before the code is looked up.
 */
export async function checkUserCode(db: Executor, input: string, source: AttemptSource): Promise<UserCodeCheck> {
  const attempt = await reserveUserCodeAttempt(source);
  if (!attempt.granted) {
    const { retryAfterSeconds } = attempt;
    return { ok: false, reason: 'LOCKED_OUT', retryAfterSeconds, message: `Too many wrong codes. Try again in ${retryAfterSeconds} seconds.` };
  }
  const userCode = normaliseUserCode(input);
  const row = userCode ? await pendingDevice(db, userCode) : undefined;
  if (!userCode || !row) {
    return { ok: false, reason: 'WRONG_CODE', message: 'That code is not valid or has expired. Check the code shown on the device and try again.' };
  }
  await attempt.refund();
  return { ok: true, device: { userCode: formatUserCode(userCode), partnerName: row.partnerName, expiresAt: row.expiresAt } };
}

export interface DeviceDecision {
  userCode: string;
  user: { id: string } & MerchantCaller;
  source: AttemptSource;
}

export type DecisionResult = { ok: true; partnerName: string } | { ok: false; message: string };

/**
 * The merchant approves a device for some of their own locations (docs/contract.md#device-flow): a device grant naming those
 * locations, the POS's connections to them, and the device code marked approved so the next poll gets tokens. The
 * audit entry names the merchant user, the grant and the chosen locations, never the user code or the device code.
 */
export async function approveDevice(db: Database, decision: DeviceDecision & { locationIds: string[] }): Promise<DecisionResult> {
  const wanted = [...new Set(decision.locationIds)];
  if (wanted.length === 0) return { ok: false, message: 'Choose at least one location for this device.' };
  const check = await checkUserCode(db, decision.userCode, decision.source);
  if (!check.ok) return check;
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, decision.userCode);
    if (!row) return { ok: false, message: 'This code has just expired or been used. Start again on the device.' };
    const owned = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(inArray(locations.id, wanted), inScope(tx, decision.user, locations.id)));
    if (owned.length !== wanted.length) return { ok: false, message: 'Choose only your own locations.' };
    const grantId = await createGrant(tx, {
      kind: 'DEVICE_CODE',
      client: { id: row.clientId, partnerId: row.partnerId },
      audience: row.audience,
      locationIds: wanted,
      approvedByUserId: decision.user.id,
    });
    for (const locationId of wanted) await createConnection(tx, row.partnerId, { locationId });
    await tx
      .update(deviceAuthorizations)
      .set({ status: 'APPROVED', grantId, decidedByUserId: decision.user.id, decidedAt: new Date() })
      .where(eq(deviceAuthorizations.id, row.id));
    await recordAudit(tx, await userActor(tx, decision.user.id), {
      action: 'device.approve',
      targetType: 'grant',
      targetId: grantId,
      after: { partnerId: row.partnerId, clientId: row.publicClientId, locationIds: wanted },
    });
    return { ok: true, partnerName: row.partnerName };
  });
}

/**
 * A partner approves one of its own devices for a location it owns (its sandbox, which has no merchant user to do it
 * on /activate): the same device grant and connection as a merchant's approval. A code of another partner's device is
 * answered as a wrong code, revealing nothing of it.
 */
export async function approveOwnDevice(
  db: Database,
  input: { userCode: string; partnerId: string; locationId: string; actor: AuditActor },
): Promise<DecisionResult> {
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, input.userCode);
    if (!row || row.partnerId !== input.partnerId) {
      return { ok: false, message: 'That code is not valid or has expired. Check the code shown on the device and try again.' };
    }
    const grantId = await createGrant(tx, {
      kind: 'DEVICE_CODE',
      client: { id: row.clientId, partnerId: row.partnerId },
      audience: row.audience,
      locationIds: [input.locationId],
    });
    await createConnection(tx, row.partnerId, { locationId: input.locationId });
    await tx.update(deviceAuthorizations).set({ status: 'APPROVED', grantId, decidedAt: new Date() }).where(eq(deviceAuthorizations.id, row.id));
    await recordAudit(tx, input.actor, {
      action: 'device.approve',
      targetType: 'grant',
      targetId: grantId,
      after: { partnerId: row.partnerId, clientId: row.publicClientId, locationIds: [input.locationId] },
    });
    return { ok: true, partnerName: row.partnerName };
  });
}

/** The merchant refuses the device: its next poll answers access_denied (RFC 8628 §3.5). Audited like an approval. */
export async function denyDevice(db: Database, decision: DeviceDecision): Promise<DecisionResult> {
  const check = await checkUserCode(db, decision.userCode, decision.source);
  if (!check.ok) return check;
  return db.transaction(async (tx) => {
    const row = await lockPending(tx, decision.userCode);
    if (!row) return { ok: false, message: 'This code has just expired or been used. Start again on the device.' };
    await tx
      .update(deviceAuthorizations)
      .set({ status: 'DENIED', decidedByUserId: decision.user.id, decidedAt: new Date() })
      .where(eq(deviceAuthorizations.id, row.id));
    await recordAudit(tx, await userActor(tx, decision.user.id), {
      action: 'device.deny',
      targetType: 'device-authorization',
      targetId: row.id,
      after: { partnerId: row.partnerId, clientId: row.publicClientId },
    });
    return { ok: true, partnerName: row.partnerName };
  });
}

async function lockPending(tx: Executor, input: string) {
  const userCode = normaliseUserCode(input);
  if (!userCode) return undefined;
  const [row] = await tx
    .select({
      id: deviceAuthorizations.id,
      clientId: deviceAuthorizations.clientId,
      partnerId: deviceAuthorizations.partnerId,
      audience: deviceAuthorizations.audience,
      partnerName: partners.name,
      publicClientId: clients.clientId,
    })
    .from(deviceAuthorizations)
    .innerJoin(partners, eq(partners.id, deviceAuthorizations.partnerId))
    .innerJoin(clients, eq(clients.id, deviceAuthorizations.clientId))
    .where(and(eq(deviceAuthorizations.userCode, userCode), eq(deviceAuthorizations.status, 'PENDING'), gt(deviceAuthorizations.expiresAt, new Date())))
    .for('update', { of: deviceAuthorizations });
  return row;
}
