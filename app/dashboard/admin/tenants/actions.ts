'use server';

import { z } from 'zod';
import { userActor } from '@/lib/ops/audit';
import { oneTimePassword } from '@/lib/ops/one-time-password';
import {
  changeRoleSchema,
  changeUserRole,
  disableUserBy,
  renameMerchant,
  renameMerchantSchema,
  resetUserPassword,
  updateLocation,
} from '@/lib/ops/tenant-changes';
import { createLocation, createMerchant } from '@/lib/tenancy/merchants';
import { createLocationSchema, createMerchantWithOwnerSchema, createUserSchema } from '@/lib/tenancy/schemas';
import { inviteMember } from '@/lib/team/invitations';
import { inviteSchema } from '@/lib/team/team-schemas';
import { createUser } from '@/lib/tenancy/users';
import { dashboardAction } from '../../_lib/action';
import { roleWords } from '../words';

// The merchants and users pages' changes (admin role only; anyone else is answered as if the page did not exist).
// Each calls the lib function `/manage` calls, with the same schema and so the same validation messages, and is audited.

const ADMIN = ['ADMIN'] as const;
const id = (what: string) =>
  z
    .string({ error: `Choose a ${what}.` })
    .trim()
    .min(1, `Choose a ${what}.`)
    .max(100);
const TENANTS = '/dashboard/admin/tenants';

// docs/domain.md#merchant-teams: the first owner is invited by mail (no password typed by the operator); the merchant and
// its invitation commit together.
const createMerchantForm = z.preprocess(
  (value) => ({ ...(value as object), ownerEmail: (value as { ownerEmail?: string }).ownerEmail?.trim() || undefined }),
  createMerchantWithOwnerSchema,
);
export const createMerchantAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: createMerchantForm, audit: 'merchant.create' },
  async ({ db, user, input: { ownerEmail, ...input }, audit }) => {
    const actor = await userActor(db, user.id);
    const merchant = await db.transaction(async (tx) => {
      const created = await createMerchant(tx, input);
      if (ownerEmail) await inviteMember(tx, created.id, actor, { email: ownerEmail, role: 'OWNER', locationIds: [] });
      return created;
    });
    Object.assign(audit, { targetType: 'merchant', targetId: merchant.id, after: { ...merchant, ownerEmail: ownerEmail ?? null } });
    return ownerEmail ? `Merchant ${merchant.name} created; ${ownerEmail} is invited as its owner.` : `Merchant ${merchant.name} created.`;
  },
);

// A member of a merchant's team, invited by mail to set their own password (docs/domain.md#merchant-teams).
const inviteMemberForm = inviteSchema.and(z.object({ merchantId: id('merchant') }));
export const inviteMemberAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: inviteMemberForm, audit: false },
  async ({ db, user, input: { merchantId, ...input } }) => {
    // inviteMember writes the audit entry itself.
    await inviteMember(db, merchantId, await userActor(db, user.id), input);
    return `${input.email} is invited; the link is in their mail.`;
  },
);

const locationForm = createLocationSchema.extend({ merchantId: id('merchant') });
export const createLocationAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: locationForm, audit: 'location.create', fieldOfConflict: { LOCATION_EXISTS: 'locationId', CONFLICT: 'locationId' } },
  async ({ db, input: { merchantId, ...input }, audit }) => {
    const location = await createLocation(db, merchantId, input);
    Object.assign(audit, { targetType: 'location', targetId: location.locationId, after: location });
    return `Location ${location.locationId} created.`;
  },
);

const renameMerchantForm = renameMerchantSchema.extend({ merchantId: id('merchant') });
export const renameMerchantAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: renameMerchantForm, audit: false },
  async ({ db, user, input: { merchantId, ...input } }) => {
    // renameMerchant writes the audit entry itself, with the name before and after.
    const merchant = await renameMerchant(db, await userActor(db, user.id), merchantId, input);
    return `Merchant renamed to ${merchant.name}.`;
  },
);

// A location keeps its id (partners and tokens name it); its name and time zone follow /manage's rules.
const editLocationForm = createLocationSchema.pick({ name: true, timezone: true }).extend({ locationId: id('location') });
export const updateLocationAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: editLocationForm, audit: false },
  async ({ db, user, input: { locationId, ...input } }) => {
    await updateLocation(db, await userActor(db, user.id), locationId, input);
    return `Location ${locationId} updated.`;
  },
);

// Inviting a user: the console makes a one-time password, shown once; the user changes it after signing in.
// The user schema of /manage, with the password filled in by the action.
const INVITE_PLACEHOLDER = 'one-time-password-follows';
const inviteForm = z.preprocess((value) => ({ ...(value as object), password: INVITE_PLACEHOLDER }), createUserSchema);
export const inviteUserAction = dashboardAction<typeof inviteForm, 'ADMIN', { oneTimePassword: string; email: string }>(
  { roles: ADMIN, page: TENANTS, schema: inviteForm, audit: 'user.invite', fieldOfConflict: { USER_EXISTS: 'email' } },
  async ({ db, input, audit }) => {
    const password = oneTimePassword();
    const user = await createUser(db, { ...input, password });
    Object.assign(audit, { targetType: 'user', targetId: user.id, after: user });
    return { message: `User ${user.email} invited. Give them this one-time password; it is not shown again.`, oneTimePassword: password, email: user.email };
  },
);

const userForm = z.object({ userId: id('user') });

/** Disables a user: sign-in is refused and every open session ends at once. An admin cannot lock themselves out. */
export const disableUserAction = dashboardAction({ roles: ADMIN, page: TENANTS, schema: userForm, audit: false }, async ({ db, user, input }) => {
  const disabled = await disableUserBy(db, await userActor(db, user.id), input.userId);
  return `User ${disabled.email} disabled; their sessions have ended.`;
});

/** A new one-time password, shown once; the user's sessions end, so whoever knew the old one loses access. */
export const resetPasswordAction = dashboardAction<typeof userForm, 'ADMIN', { oneTimePassword: string }>(
  { roles: ADMIN, page: TENANTS, schema: userForm, audit: false },
  async ({ db, user, input }) => {
    const reset = await resetUserPassword(db, await userActor(db, user.id), input.userId);
    return { message: `New one-time password for ${reset.email}; it is not shown again.`, oneTimePassword: reset.oneTimePassword };
  },
);

// A role change follows /manage's rules: a merchant user names a merchant, a reviewer a loyalty partner.
const roleForm = changeRoleSchema.and(z.object({ userId: id('user') }));
export const changeRoleAction = dashboardAction({ roles: ADMIN, page: TENANTS, schema: roleForm, audit: false }, async ({ db, user, input }) => {
  const { userId, ...change } = input;
  const changed = await changeUserRole(db, await userActor(db, user.id), userId, change);
  return `${changed.email} is now ${roleWords[changed.role] ?? changed.role}.`;
});
