'use server';

import { z } from 'zod';
import { createWebhookEndpoint, createWebhookEndpointSchema, rotateWebhookSecret } from '@/lib/events/webhook-endpoints';
import { eventTypes } from '@/lib/events/event-types';
import { userActor } from '@/lib/ops/audit';
import { disablePartner, MAX_GRACE_HOURS, removeConnection, revokeClient, rotateClientSecret } from '@/lib/ops/clients';
import { setEndpointDisabled, updateEndpoint } from '@/lib/ops/endpoint-health';
import { renamePartner } from '@/lib/ops/tenant-changes';
import { sendTestEvent } from '@/lib/ops/test-event';
import { createClient, createConnection, createLoyaltyProgram, createPartner, renameLoyaltyProgram } from '@/lib/tenancy/partners';
import { createConnectionSchema, createLoyaltyProgramSchema, createPartnerSchema } from '@/lib/tenancy/schemas';
import { dashboardAction } from '../../_lib/action';

// The partners pages' changes (admin role only; anyone else is answered as if the page did not exist). Each calls the
// lib function `/manage` calls, with the same schema and so the same validation messages, and is audited.

const ADMIN = ['ADMIN'] as const;
const id = (what: string) =>
  z
    .string({ error: `Choose a ${what}.` })
    .trim()
    .min(1, `Choose a ${what}.`)
    .max(100);
const PARTNERS = '/dashboard/admin/partners';

export const createPartnerAction = dashboardAction(
  { roles: ADMIN, page: PARTNERS, schema: createPartnerSchema, audit: 'partner.create' },
  async ({ db, input, audit }) => {
    const partner = await createPartner(db, input);
    Object.assign(audit, { targetType: 'partner', targetId: partner.id, after: partner });
    return `Partner ${partner.name} created.`;
  },
);

const renameForm = createPartnerSchema.pick({ name: true }).extend({ partnerId: id('partner') });
export const renamePartnerAction = dashboardAction({ roles: ADMIN, page: PARTNERS, schema: renameForm, audit: false }, async ({ db, user, input }) => {
  // renamePartner writes the audit entry itself, with the name before and after.
  const partner = await renamePartner(db, await userActor(db, user.id), input.partnerId, input.name);
  return `Partner renamed to ${partner.name}.`;
});

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
