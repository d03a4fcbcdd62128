import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { memberLocations, merchants, users } from '@/db/schema';
import { conflict, notFound } from '@/lib/errors';
import { recordAudit, type AuditActor } from '@/lib/ops/audit';
import { currentRequestId } from '@/lib/request-context';
import type { MerchantRole } from '@/lib/tenancy/roles';
import type { memberChangeSchema } from './team-schemas';
import { endUserSessions, merchantLocationIds, restrictMember } from '@/lib/tenancy/users';

/**
 * A merchant's team (docs/domain.md#merchant-teams): its members, their roles and locations. Every change is made in one
 * transaction that holds the merchant's row, so two owners changing the team at once cannot both take away the last
 * owner, and every change is audited in that transaction.
 */

export interface TeamMember {
  id: string;
  email: string;
  name: string | null;
  role: MerchantRole;
  /** The locations the member is restricted to; empty: every location of the merchant. */
  locationIds: string[];
  createdAt: Date;
}

/** Serialises the changes to one merchant's team; 404 for a merchant that does not exist. */
export async function lockTeam(tx: Executor, merchantId: string): Promise<void> {
  const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
  if (!merchant) throw notFound('Merchant');
}

export async function teamMembers(db: Executor, merchantId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      createdAt: users.createdAt,
      locationIds: sql<
        string[]
      >`coalesce(array_agg(${memberLocations.locationId} order by ${memberLocations.locationId}) filter (where ${memberLocations.locationId} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(memberLocations, eq(memberLocations.userId, users.id))
    .where(and(eq(users.merchantId, merchantId), isNull(users.disabledAt)))
    .groupBy(users.id)
    .orderBy(asc(users.email));
  return rows.map((row) => ({ ...row, role: row.role as MerchantRole }));
}

async function requireMemberRow(tx: Executor, merchantId: string, userId: string) {
  const [member] = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.merchantId, merchantId), isNull(users.disabledAt)));
  if (!member) throw notFound('Member');
  return member;
}

/** docs/domain.md#merchant-teams: a merchant always keeps an owner, so someone can manage its team. */
async function assertAnotherOwner(tx: Executor, merchantId: string, userId: string): Promise<void> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.role, 'OWNER'), isNull(users.disabledAt), ne(users.id, userId)))
    .limit(1);
  if (!other) throw conflict('A merchant needs at least one owner: make another member an owner first.', 'LAST_OWNER');
}

/**
 * Changes a member's role and locations. Owners reach every location; the last owner keeps the role. The member's
 * sessions end (with their live streams), so no open page keeps reach the member no longer has.
 */
export async function changeMember(db: Executor, merchantId: string, actor: AuditActor, input: z.output<typeof memberChangeSchema>): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    await lockTeam(tx, merchantId);
    const member = await requireMemberRow(tx, merchantId, input.userId);
    if (member.role === 'OWNER' && input.role !== 'OWNER') await assertAnotherOwner(tx, merchantId, member.id);
    const locationIds = input.role === 'OWNER' ? [] : await merchantLocationIds(tx, merchantId, input.locationIds);
    const [before] = (await teamMembers(tx, merchantId)).filter((row) => row.id === member.id);
    await tx.update(users).set({ role: input.role }).where(eq(users.id, member.id));
    await restrictMember(tx, member.id, locationIds);
    const changed = before!.role !== input.role || before!.locationIds.join() !== locationIds.join();
    if (changed) await endUserSessions(tx, member.id);
    await recordAudit(tx, actor, {
      action: 'team.member-change',
      targetType: 'user',
      targetId: member.id,
      before: { email: member.email, role: before!.role, locationIds: before!.locationIds },
      after: { role: input.role, locationIds },
      requestId: currentRequestId() ?? null,
    });
    return { ...before!, role: input.role, locationIds };
  });
}

/**
 * Removes a member from the team: sign-in is refused and every session ends at once. The account is kept without a
 * merchant (its history names it), so a later invitation may bring the same email back. The last owner stays.
 */
export async function removeMember(db: Executor, merchantId: string, actor: AuditActor, userId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeam(tx, merchantId);
    const member = await requireMemberRow(tx, merchantId, userId);
    if (member.role === 'OWNER') await assertAnotherOwner(tx, merchantId, member.id);
    await tx.update(users).set({ disabledAt: now, merchantId: null }).where(eq(users.id, member.id));
    await restrictMember(tx, member.id, []);
    const sessionsEnded = await endUserSessions(tx, member.id);
    await recordAudit(tx, actor, {
      action: 'team.member-remove',
      targetType: 'user',
      targetId: member.id,
      before: { email: member.email, role: member.role, merchantId },
      after: { removed: true, sessionsEnded },
      requestId: currentRequestId() ?? null,
    });
  });
}
