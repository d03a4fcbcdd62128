'use server';

import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { locations, merchants, partners, users, webhookEndpoints } from '@/db/schema';
import { replayDelivery } from '@/lib/events/replay';
import { createWebhookEndpoint, createWebhookEndpointSchema, rotateWebhookSecret } from '@/lib/events/webhook-endpoints';
import { eventTypes } from '@/lib/events/event-types';
import { ApiError, notFound } from '@/lib/http/errors';
import { userActor } from '@/lib/ops/audit';
import { disablePartner, MAX_GRACE_HOURS, removeConnection, revokeClient, rotateClientSecret } from '@/lib/ops/clients';
import { oneTimePassword, sendTestEvent } from '@/lib/ops/console';
import { countFailedSince, replayFailedSince, setEndpointDisabled, updateEndpoint } from '@/lib/ops/endpoint-health';
import { createLocation, createMerchant } from '@/lib/tenancy/merchants';
import { createClient, createConnection, createLoyaltyProgram, createPartner, renameLoyaltyProgram, requirePartner } from '@/lib/tenancy/partners';
import {
  createConnectionSchema,
  createLocationSchema,
  createLoyaltyProgramSchema,
  createMerchantSchema,
  createMerchantWithOwnerSchema,
  createPartnerSchema,
  createUserSchema,
} from '@/lib/tenancy/schemas';
import { createUser, disableUser, endUserSessions, setUserPassword } from '@/lib/tenancy/users';
import { inviteMember } from '@/lib/team/invitations';
import { isMerchantRole } from '@/lib/tenancy/roles';
import { dashboardAction } from '../_lib/action';

// The operator console's changes (admin role only; anyone else is answered as if the page did not exist). Each calls
// the lib function `/manage` calls, with the same schema and so the same validation messages, and is audited.

const ADMIN = ['ADMIN'] as const;
const id = (what: string) =>
  z
    .string({ error: `Choose a ${what}.` })
    .trim()
    .min(1, `Choose a ${what}.`)
    .max(100);
const TENANTS = '/dashboard/admin/tenants';
const PARTNERS = '/dashboard/admin/partners';
const DELIVERIES = '/dashboard/admin/deliveries';

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

const locationForm = createLocationSchema.extend({ merchantId: id('merchant') });
export const createLocationAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: locationForm, audit: 'location.create', fieldOfConflict: { LOCATION_EXISTS: 'locationId', CONFLICT: 'locationId' } },
  async ({ db, input: { merchantId, ...input }, audit }) => {
    const location = await createLocation(db, merchantId, input);
    Object.assign(audit, { targetType: 'location', targetId: location.locationId, after: location });
    return `Location ${location.locationId} created.`;
  },
);

const renameMerchantForm = createMerchantSchema.extend({ merchantId: id('merchant') });
export const renameMerchantAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: renameMerchantForm, audit: 'merchant.rename' },
  async ({ db, input, audit }) => {
    const [before] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, input.merchantId)).limit(1);
    if (!before) throw notFound('Merchant');
    await db.update(merchants).set({ name: input.name }).where(eq(merchants.id, input.merchantId));
    Object.assign(audit, { targetType: 'merchant', targetId: input.merchantId, before, after: { name: input.name } });
    return `Merchant renamed to ${input.name}.`;
  },
);

// A location keeps its id (partners and tokens name it); its name and time zone follow /manage's rules.
const editLocationForm = createLocationSchema.pick({ name: true, timezone: true }).extend({ locationId: id('location') });
export const updateLocationAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: editLocationForm, audit: 'location.update' },
  async ({ db, input: { locationId, ...input }, audit }) => {
    const [before] = await db.select({ name: locations.name, timezone: locations.timezone }).from(locations).where(eq(locations.id, locationId)).limit(1);
    if (!before) throw notFound('Location');
    const after = { name: input.name, timezone: input.timezone ?? before.timezone };
    await db.update(locations).set(after).where(eq(locations.id, locationId));
    Object.assign(audit, { targetType: 'location', targetId: locationId, before, after });
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

async function requireUserRow(db: Parameters<typeof disableUser>[0], userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, merchantId: users.merchantId, partnerId: users.partnerId, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('User');
  return row;
}

/** Disables a user: sign-in is refused and every open session ends at once. An admin cannot lock themselves out. */
export const disableUserAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: userForm, audit: 'user.disable' },
  async ({ db, user, input, audit }) => {
    if (input.userId === user.id) throw new ApiError('CONFLICT', 'You cannot disable your own account.', { status: 409 });
    const before = await requireUserRow(db, input.userId);
    await disableUser(db, input.userId);
    Object.assign(audit, {
      targetType: 'user',
      targetId: input.userId,
      before: { email: before.email, disabledAt: before.disabledAt?.toISOString() ?? null },
      after: { disabledAt: new Date().toISOString() },
    });
    return `User ${before.email} disabled; their sessions have ended.`;
  },
);

/** A new one-time password, shown once; the user's sessions end, so whoever knew the old one loses access. */
export const resetPasswordAction = dashboardAction<typeof userForm, 'ADMIN', { oneTimePassword: string }>(
  { roles: ADMIN, page: TENANTS, schema: userForm, audit: 'user.reset-password' },
  async ({ db, input, audit }) => {
    const before = await requireUserRow(db, input.userId);
    const password = oneTimePassword();
    await setUserPassword(db, input.userId, password);
    Object.assign(audit, { targetType: 'user', targetId: input.userId, after: { email: before.email } });
    return { message: `New one-time password for ${before.email}; it is not shown again.`, oneTimePassword: password };
  },
);

// A role change follows the rules of /manage's user schema: a merchant user names a merchant, a reviewer a partner.
const roleForm = z.preprocess(
  (value) => ({ email: 'role-change@counterpart.invalid', password: INVITE_PLACEHOLDER, ...(value as object) }),
  createUserSchema.and(z.object({ userId: id('user') })),
);
export const changeRoleAction = dashboardAction(
  { roles: ADMIN, page: TENANTS, schema: roleForm, audit: 'user.change-role' },
  async ({ db, user, input, audit }) => {
    if (input.userId === user.id && input.role !== 'ADMIN') throw new ApiError('CONFLICT', 'You cannot take the admin role from yourself.', { status: 409 });
    const before = await requireUserRow(db, input.userId);
    const after = {
      role: input.role,
      merchantId: isMerchantRole(input.role) ? input.merchantId! : null,
      partnerId: input.role === 'LOYALTY_PARTNER' || input.role === 'PARTNER_DEVELOPER' ? input.partnerId! : null,
    };
    await db.update(users).set(after).where(eq(users.id, input.userId));
    // Sessions carry what the role allowed when they began: they end, and the user signs in again with the new role.
    await endUserSessions(db, input.userId);
    Object.assign(audit, {
      targetType: 'user',
      targetId: input.userId,
      before: { role: before.role, merchantId: before.merchantId, partnerId: before.partnerId },
      after,
    });
    return `${before.email} is now ${input.role}.`;
  },
);

export const createPartnerAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: createPartnerSchema, audit: 'partner.create' },
  async ({ db, input, audit }) => {
    const partner = await createPartner(db, input);
    Object.assign(audit, { targetType: 'partner', targetId: partner.id, after: partner });
    return `Partner ${partner.name} created.`;
  },
);

const renameForm = createPartnerSchema.pick({ name: true }).extend({ partnerId: id('partner') });
export const renamePartnerAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: renameForm, audit: 'partner.rename' },
  async ({ db, input, audit }) => {
    const before = await requirePartner(db, input.partnerId);
    await db.update(partners).set({ name: input.name }).where(eq(partners.id, input.partnerId));
    Object.assign(audit, { targetType: 'partner', targetId: input.partnerId, before: { name: before.name }, after: { name: input.name } });
    return `Partner renamed to ${input.name}.`;
  },
);

const partnerForm = z.object({ partnerId: id('partner') });
export const createClientAction = dashboardAction<typeof partnerForm, 'ADMIN', { clientId: string; clientSecret?: string }>(
  { roles: ADMIN, page: PARTNERS, schema: partnerForm, audit: 'client.create' },
  async ({ db, input, audit }) => {
    const client = await createClient(db, input.partnerId);
    Object.assign(audit, { targetType: 'client', targetId: client.client_id, after: { partnerId: input.partnerId, client_id: client.client_id } });
    return {
      message: client.client_secret
        ? `Client ${client.client_id} created. Copy the secret now; it is not shown again.`
        : `Client ${client.client_id} created (device flow, no secret).`,
      clientId: client.client_id,
      clientSecret: client.client_secret,
    };
  },
);

const clientForm = z.object({ clientId: id('client') });
const rotateClientForm = clientForm.extend({
  graceHours: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(0, 'must be 0 or more')
    .max(MAX_GRACE_HOURS, `must be at most ${MAX_GRACE_HOURS} hours`),
});
/** A new client secret, shown once; the old one keeps working for the chosen grace period. */
export const rotateClientSecretAction = dashboardAction<typeof rotateClientForm, 'ADMIN', { clientSecret: string }>(
  { roles: ADMIN, page: PARTNERS, schema: rotateClientForm, audit: 'client.rotate-secret' },
  async ({ db, input, audit }) => {
    const rotated = await rotateClientSecret(db, input.clientId, input.graceHours);
    Object.assign(audit, { targetType: 'client', targetId: input.clientId, after: { previousSecretExpiresAt: rotated.previousSecretExpiresAt } });
    return {
      message: rotated.previousSecretExpiresAt
        ? `New secret for ${input.clientId}; the old one works until ${rotated.previousSecretExpiresAt}. Copy it now; it is not shown again.`
        : `New secret for ${input.clientId}; the old one no longer works. Copy it now; it is not shown again.`,
      clientSecret: rotated.client_secret,
    };
  },
);

export const revokeClientAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: clientForm, audit: 'client.revoke' },
  async ({ db, input, audit }) => {
    const revoked = await revokeClient(db, input.clientId);
    Object.assign(audit, { targetType: 'client', targetId: input.clientId, after: revoked });
    return `Client ${input.clientId} revoked (${revoked.revokedGrants} grant${revoked.revokedGrants === 1 ? '' : 's'} ended).`;
  },
);

export const disablePartnerAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: partnerForm, audit: 'partner.disable' },
  async ({ db, input, audit }) => {
    const disabled = await disablePartner(db, input.partnerId);
    Object.assign(audit, { targetType: 'partner', targetId: input.partnerId, after: disabled });
    return `Partner disabled: ${disabled.revokedClients} client(s) revoked, webhook endpoints disabled.`;
  },
);

const connectionForm = createConnectionSchema.extend({ partnerId: id('partner') });
export const createConnectionAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: connectionForm, audit: 'connection.create', fieldOfConflict: { UNPROCESSABLE_ENTITY: 'locationId' } },
  async ({ db, input: { partnerId, ...input }, audit }) => {
    const connection = await createConnection(db, partnerId, input);
    Object.assign(audit, { targetType: 'connection', targetId: connection.id, after: connection });
    return `Connected to ${connection.locationId}.`;
  },
);

export const removeConnectionAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: connectionForm, audit: 'connection.remove' },
  async ({ db, input, audit }) => {
    await removeConnection(db, input.partnerId, input.locationId);
    Object.assign(audit, {
      targetType: 'connection',
      targetId: `${input.partnerId}/${input.locationId}`,
      before: { partnerId: input.partnerId, locationId: input.locationId },
      after: null,
    });
    return `Disconnected from ${input.locationId}.`;
  },
);

const programForm = createLoyaltyProgramSchema.extend({ partnerId: id('partner') });
export const createLoyaltyProgramAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: programForm, audit: 'loyalty-program.create', fieldOfConflict: { CONFLICT: 'loyaltyProgramId' } },
  async ({ db, input: { partnerId, ...input }, audit }) => {
    const program = await createLoyaltyProgram(db, partnerId, input);
    Object.assign(audit, { targetType: 'loyalty-program', targetId: program.loyaltyProgramId, after: program });
    return `Loyalty program ${program.loyaltyProgramId} created.`;
  },
);

const programRenameForm = createLoyaltyProgramSchema.extend({ partnerId: id('partner') });
export const renameLoyaltyProgramAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: programRenameForm, audit: 'loyalty-program.rename' },
  async ({ db, input: { partnerId, loyaltyProgramId, name }, audit }) => {
    const { before, after } = await renameLoyaltyProgram(db, partnerId, loyaltyProgramId, name);
    Object.assign(audit, { targetType: 'loyalty-program', targetId: loyaltyProgramId, before, after });
    return `Loyalty program ${loyaltyProgramId} renamed.`;
  },
);

// Event types come as a comma- or space-separated list; none means every type (as in the API).
const webhookForm = z.object({
  partnerId: id('partner'),
  url: createWebhookEndpointSchema.shape.url,
  eventTypes: z
    .string()
    .optional()
    .transform((text) => (text ?? '').split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.enum(eventTypes, { error: (issue) => `${String(issue.input)} is not an event type` })))
    .transform((types) => (types.length ? types : undefined)),
});
export const createWebhookEndpointAction = dashboardAction<typeof webhookForm, 'ADMIN', { secret: string; endpointId: string }>(
  { roles: ADMIN, page: PARTNERS, schema: webhookForm, audit: 'webhook-endpoint.create' },
  async ({ db, input: { partnerId, ...input }, audit }) => {
    const endpoint = await createWebhookEndpoint(db, partnerId, input);
    Object.assign(audit, { targetType: 'webhook-endpoint', targetId: endpoint.id, after: { partnerId, url: endpoint.url, eventTypes: endpoint.eventTypes } });
    return {
      message: `Endpoint ${endpoint.id} created. Copy its signing secret now; it is not shown again.`,
      secret: endpoint.secret,
      endpointId: endpoint.id,
    };
  },
);

const editEndpointForm = webhookForm.omit({ partnerId: true }).extend({ endpointId: id('webhook endpoint') });
export const updateWebhookEndpointAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: editEndpointForm, audit: false },
  async ({ db, user, input: { endpointId, ...input } }) => {
    // updateEndpoint writes the audit entry itself, with the state before and after.
    await updateEndpoint(db, await userActor(db, user.id), endpointId, input);
    return 'Endpoint updated.';
  },
);

const endpointForm = z.object({ endpointId: id('webhook endpoint') });
export const rotateWebhookSecretAction = dashboardAction<typeof endpointForm, 'ADMIN', { secret: string }>(
  { roles: ADMIN, page: PARTNERS, schema: endpointForm, audit: 'webhook-endpoint.rotate-secret' },
  async ({ db, input, audit }) => {
    const rotated = await rotateWebhookSecret(db, input.endpointId);
    Object.assign(audit, { targetType: 'webhook-endpoint', targetId: input.endpointId, after: { previousSecretExpiresAt: rotated.previousSecretExpiresAt } });
    return { message: 'New secret; the old one keeps signing for 24 hours. Copy it now; it is not shown again.', secret: rotated.secret };
  },
);

const toggleForm = endpointForm.extend({ disabled: z.enum(['true', 'false']) });
export const setEndpointDisabledAction = dashboardAction({ roles: ADMIN, page: PARTNERS, schema: toggleForm, audit: false }, async ({ db, user, input }) => {
  const disabled = input.disabled === 'true';
  // setEndpointDisabled writes the audit entry itself (the automatic rule uses it too).
  await setEndpointDisabled(db, await userActor(db, user.id), input.endpointId, disabled);
  return disabled ? 'Endpoint disabled.' : 'Endpoint enabled.';
});

export const sendTestEventAction = dashboardAction<
  typeof endpointForm,
  'ADMIN',
  { statusCode: number | null; latencyMs: number; responseSnippet: string | null; succeeded: boolean }
>({ roles: ADMIN, page: PARTNERS, schema: endpointForm, audit: 'webhook-endpoint.test' }, async ({ db, input, audit }) => {
  const outcome = await sendTestEvent(db, input.endpointId);
  Object.assign(audit, {
    targetType: 'webhook-endpoint',
    targetId: input.endpointId,
    after: { eventId: outcome.eventId, statusCode: outcome.statusCode, error: outcome.error },
  });
  return {
    message: outcome.succeeded
      ? `Receiver answered ${outcome.statusCode} in ${outcome.latencyMs} ms.`
      : `Test failed: ${outcome.error ?? `receiver answered ${outcome.statusCode}`} (${outcome.latencyMs} ms).`,
    statusCode: outcome.statusCode,
    latencyMs: outcome.latencyMs,
    responseSnippet: outcome.responseSnippet,
    succeeded: outcome.succeeded,
  };
});

const replayForm = z.object({ deliveryId: id('delivery') });
export const replayOneAction = dashboardAction<typeof replayForm, 'ADMIN', { queued: boolean }>(
  { roles: ADMIN, page: DELIVERIES, schema: replayForm, audit: 'delivery.replay' },
  async ({ db, input, audit }) => {
    const row = await replayDelivery(db, input.deliveryId);
    Object.assign(audit, { targetType: 'delivery', targetId: input.deliveryId, before: { status: row.status } });
    return { queued: true, message: 'Queued for delivery.' };
  },
);

// Bulk replay takes two steps: the first answers how many deliveries would go out, the second (confirm=yes) sends them.
const bulkForm = z.object({
  endpointId: id('webhook endpoint'),
  since: z
    .string({ error: 'Choose a time.' })
    .min(1, 'Choose a time.')
    .transform((text, context) => {
      const at = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text}Z`);
      if (Number.isNaN(at.getTime())) {
        context.addIssue({ code: 'custom', message: 'must be a date and time' });
        return z.NEVER;
      }
      return at;
    }),
  confirm: z.string().optional(),
});
export const bulkReplayAction = dashboardAction<typeof bulkForm, 'ADMIN', { count: number; replayed?: number; values: Record<string, string> }>(
  { roles: ADMIN, page: DELIVERIES, schema: bulkForm, audit: false },
  async ({ db, user, input }) => {
    const endpoint = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, input.endpointId)).limit(1);
    if (!endpoint.length) throw notFound('Webhook endpoint');
    // Counting changes nothing, so only the replay itself is audited (by replayFailedSince).
    // The form keeps its choice between the two steps (React resets a form after its action).
    const values = { endpointId: input.endpointId, since: input.since.toISOString().slice(0, 19) };
    if (input.confirm !== 'yes') {
      const failed = await countFailedSince(db, input.endpointId, input.since);
      return {
        count: failed,
        values,
        message: `${failed} failed ${failed === 1 ? 'delivery' : 'deliveries'} since ${input.since.toISOString()} would be sent again.`,
      };
    }
    const result = await replayFailedSince(db, await userActor(db, user.id), input.endpointId, input.since);
    return {
      count: result.replayed,
      replayed: result.replayed,
      values,
      message: `${result.replayed} ${result.replayed === 1 ? 'delivery' : 'deliveries'} queued again.`,
    };
  },
);
