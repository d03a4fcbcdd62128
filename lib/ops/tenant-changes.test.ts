import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '@/db/schema';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { authenticateUser, createUser } from '@/lib/tenancy/users';
import { userActor } from './audit';
import { changeUserRole, disableUserBy, renameMerchant, resetUserPassword } from './tenant-changes';

const { db } = useTestDatabase();

describe('the operator’s changes to merchants and users', () => {
  it('keeps a merchant’s last owner: another role is refused until a second owner exists', async () => {
    const admin = await createUser(db(), { email: 'op-owner@example.com', password: 'a long enough password 1', role: 'ADMIN' });
    const actor = await userActor(db(), admin.id);
    const { merchant } = await createMerchantWithLocations(db(), 1);
    const owner = await createUser(db(), { email: 'only-owner@example.com', password: 'a long enough password 1', role: 'OWNER', merchantId: merchant.id });
    await expect(changeUserRole(db(), actor, owner.id, { role: 'MANAGER', merchantId: merchant.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const [unchanged] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(unchanged).toMatchObject({ role: 'OWNER', merchantId: merchant.id });

    await createUser(db(), { email: 'second-owner@example.com', password: 'a long enough password 1', role: 'OWNER', merchantId: merchant.id });
    await expect(changeUserRole(db(), actor, owner.id, { role: 'MANAGER', merchantId: merchant.id })).resolves.toMatchObject({ role: 'MANAGER' });
  });

  it('refuses an admin disabling themselves or taking the admin role from themselves, and changes nothing', async () => {
    const admin = await createUser(db(), { email: 'op@example.com', password: 'a long enough password 1', role: 'ADMIN' });
    const { merchant } = await createMerchantWithLocations(db(), 1);
    const self = await userActor(db(), admin.id);
    await expect(disableUserBy(db(), self, admin.id)).rejects.toMatchObject({ code: 'CONFLICT', message: 'You cannot disable your own account.' });
    await expect(changeUserRole(db(), self, admin.id, { role: 'OWNER', merchantId: merchant.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    const [row] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ role: 'ADMIN', disabledAt: null });
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, admin.id))).toHaveLength(0);
  });

  it('names the acting user in the audit entry, and a reset password signs in once given', async () => {
    const admin = await createUser(db(), { email: 'op2@example.com', password: 'a long enough password 1', role: 'ADMIN' });
    const other = await createUser(db(), { email: 'staff@example.com', password: 'a long enough password 1', role: 'ADMIN' });
    const { merchant } = await createMerchantWithLocations(db(), 1);
    const actor = await userActor(db(), admin.id);
    await renameMerchant(db(), actor, merchant.id, { name: 'New name' });
    const reset = await resetUserPassword(db(), actor, other.id);
    expect(await authenticateUser(db(), 'staff@example.com', reset.oneTimePassword)).toMatchObject({ id: other.id });
    expect(await authenticateUser(db(), 'staff@example.com', 'a long enough password 1')).toBeUndefined();
    const entries = await db().select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(entries.map((entry) => [entry.action, entry.actorLabel]).sort()).toEqual([
      ['merchant.rename', 'op2@example.com'],
      ['user.reset-password', 'op2@example.com'],
    ]);
    expect(JSON.stringify(entries)).not.toContain(reset.oneTimePassword);
  });

  it('a change that fails leaves no audit entry (the change and its entry share a transaction)', async () => {
    const admin = await createUser(db(), { email: 'op3@example.com', password: 'a long enough password 1', role: 'ADMIN' });
    const user = await createUser(db(), { email: 'x@example.com', password: 'a long enough password 1', role: 'ADMIN' });
    await expect(changeUserRole(db(), await userActor(db(), admin.id), user.id, { role: 'OWNER', merchantId: 'no-such-merchant' })).rejects.toMatchObject({
      status: 422,
    });
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, user.id))).toHaveLength(0);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('ADMIN');
  });
});
