import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@/db/client';
import { locations, merchants, partners, users } from '@/db/schema';
import { ApiError, conflict, notFound } from '@/lib/errors';
import { requireMerchant } from '@/lib/tenancy/merchants';
import { isMerchantRole } from '@/lib/tenancy/roles';
import { acceptedUserRole, createLocationSchema, createMerchantSchema } from '@/lib/tenancy/schemas';
import { disableUser, endUserSessions, setUserPassword } from '@/lib/tenancy/users';
import { recordAudit, type AuditActor } from './audit';
import { oneTimePassword } from './one-time-password';

// The operator's changes to merchants, locations and users: each rule once, for the console's forms and for /manage
// alike. Each takes the actor, and makes its change and writes its audit entry in one transaction, so a change is
// never left unaudited nor an audit entry left without its change.

export const renameMerchantSchema = createMerchantSchema.meta({ id: 'RenameMerchant' });

/** Renames a merchant; its id, locations and users stay. */
export async function renameMerchant(db: Executor, actor: AuditActor, merchantId: string, input: z.output<typeof renameMerchantSchema>) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
    if (!before) throw notFound('Merchant');
    await tx.update(merchants).set({ name: input.name }).where(eq(merchants.id, merchantId));
    await recordAudit(tx, actor, { action: 'merchant.rename', targetType: 'merchant', targetId: merchantId, before, after: { name: input.name } });
    return { id: merchantId, name: input.name };
  });
}

/** Renames a partner; its id, clients and tokens stay. */
export async function renamePartner(db: Executor, actor: AuditActor, partnerId: string, name: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ name: partners.name }).from(partners).where(eq(partners.id, partnerId)).limit(1);
    if (!before) throw notFound('Partner');
    await tx.update(partners).set({ name }).where(eq(partners.id, partnerId));
    await recordAudit(tx, actor, { action: 'partner.rename', targetType: 'partner', targetId: partnerId, before, after: { name } });
    return { id: partnerId, name };
  });
}

// A location keeps its id (partners and tokens name it); its name and time zone follow the rules of its creation.
export const updateLocationSchema = createLocationSchema
  .pick({ name: true, timezone: true })
  .partial()
  .refine((input) => input.name !== undefined || input.timezone !== undefined, { message: 'Give a new name or time zone.' })
  .meta({ id: 'UpdateLocation' });

/** Changes a location's name or time zone. */
export async function updateLocation(db: Executor, actor: AuditActor, locationId: string, input: z.output<typeof updateLocationSchema>) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: locations.name, timezone: locations.timezone, merchantId: locations.merchantId })
      .from(locations)
      .where(eq(locations.id, locationId))
      .limit(1);
    if (!before) throw notFound('Location');
    const after = { name: input.name ?? before.name, timezone: input.timezone ?? before.timezone };
    await tx.update(locations).set(after).where(eq(locations.id, locationId));
    await recordAudit(tx, actor, {
      action: 'location.update',
      targetType: 'location',
      targetId: locationId,
      before: { name: before.name, timezone: before.timezone },
      after,
    });
    return { locationId, merchantId: before.merchantId, ...after };
  });
}

const isPartnerRole = (role: string) => role === 'LOYALTY_PARTNER' || role === 'PARTNER_DEVELOPER';

// A role and the tenant it acts for: a merchant user names a merchant, a reviewer a loyalty partner, an admin neither.
export const changeRoleSchema = z
  .object({
    role: acceptedUserRole,
    merchantId: z.string().trim().max(100).optional(),
    partnerId: z.string().trim().max(100).optional(),
  })
  .superRefine((input, context) => {
    if (isMerchantRole(input.role) && !input.merchantId)
      context.addIssue({ code: 'custom', path: ['merchantId'], message: `is required for ${input.role} users` });
    if (isPartnerRole(input.role) && !input.partnerId) {
      context.addIssue({ code: 'custom', path: ['partnerId'], message: `is required for ${input.role} users` });
    }
  })
  .meta({ id: 'ChangeRole' });

async function requireUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, merchantId: users.merchantId, partnerId: users.partnerId, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('User');
  return row;
}

const isSelf = (actor: AuditActor, userId: string) => actor.type === 'user' && actor.id === userId;

/**
 * Gives a user another role (and the tenant it acts for). The user's sessions end: a session carries what its role
 * allowed when it began, so the user signs in again with the new role. An admin cannot take the admin role from
 * themselves (nobody might be left to give it back).
 */
export async function changeUserRole(db: Executor, actor: AuditActor, userId: string, input: z.output<typeof changeRoleSchema>) {
  if (isSelf(actor, userId) && input.role !== 'ADMIN') throw conflict('You cannot take the admin role from yourself.');
  const after = {
    role: input.role,
    merchantId: isMerchantRole(input.role) ? input.merchantId! : null,
    partnerId: isPartnerRole(input.role) ? input.partnerId! : null,
  };
  return db.transaction(async (tx) => {
    const before = await requireUser(tx, userId);
    if (after.merchantId) await requireMerchant(tx, after.merchantId);
    // docs/domain.md#merchant-teams: a merchant keeps at least one owner, whoever changes its members. The merchant row
    // is locked as the team's own changes lock it, so two changes at once cannot each leave the other owner last.
    if (before.role === 'OWNER' && before.merchantId && (after.role !== 'OWNER' || after.merchantId !== before.merchantId)) {
      await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, before.merchantId)).for('update');
      const [others] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.merchantId, before.merchantId), eq(users.role, 'OWNER'), isNull(users.disabledAt), ne(users.id, userId)));
      if (!Number(others?.n)) throw conflict('This is the merchant’s last owner: make another member an owner first.');
    }
    if (after.partnerId) {
      const [partner] = await tx.select({ type: partners.type }).from(partners).where(eq(partners.id, after.partnerId)).limit(1);
      if (!partner) throw notFound('Partner');
      if (input.role === 'LOYALTY_PARTNER' && partner.type !== 'LOYALTY')
        throw new ApiError('UNPROCESSABLE_ENTITY', `Partner ${after.partnerId} is not a loyalty partner.`, { status: 422 });
    }
    await tx.update(users).set(after).where(eq(users.id, userId));
    await endUserSessions(tx, userId);
    await recordAudit(tx, actor, {
      action: 'user.change-role',
      targetType: 'user',
      targetId: userId,
      before: { role: before.role, merchantId: before.merchantId, partnerId: before.partnerId },
      after,
    });
    return { id: userId, email: before.email, ...after };
  });
}

/** Disables a user: sign-in is refused and every open session ends at once. Nobody can disable themselves. */
export async function disableUserBy(db: Executor, actor: AuditActor, userId: string, now = new Date()) {
  if (isSelf(actor, userId)) throw conflict('You cannot disable your own account.');
  return db.transaction(async (tx) => {
    const before = await requireUser(tx, userId);
    const disabledAt = before.disabledAt ?? now;
    if (!before.disabledAt) await disableUser(tx, userId, now);
    await recordAudit(tx, actor, {
      action: 'user.disable',
      targetType: 'user',
      targetId: userId,
      before: { email: before.email, disabledAt: before.disabledAt?.toISOString() ?? null },
      after: { disabledAt: disabledAt.toISOString() },
    });
    return { id: userId, email: before.email, disabledAt: disabledAt.toISOString() };
  });
}

/** A new one-time password for a user (answered once, stored as its hash); the user's sessions end. */
export async function resetUserPassword(db: Executor, actor: AuditActor, userId: string) {
  const password = oneTimePassword();
  return db.transaction(async (tx) => {
    const before = await requireUser(tx, userId);
    await setUserPassword(tx, userId, password);
    await recordAudit(tx, actor, { action: 'user.reset-password', targetType: 'user', targetId: userId, after: { email: before.email } });
    return { id: userId, email: before.email, oneTimePassword: password };
  });
}
