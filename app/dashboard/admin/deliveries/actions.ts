'use server';

import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '@/db/schema';
import { replayDelivery } from '@/lib/events/replay';
import { notFound } from '@/lib/http/errors';
import { userActor } from '@/lib/ops/audit';
import { countFailedSince, replayFailedSince } from '@/lib/ops/endpoint-health';
import { dashboardAction } from '../../_lib/action';

// The deliveries page's changes (admin role only): replay one delivery, or every failed one of an endpoint since a time.

const ADMIN = ['ADMIN'] as const;
const id = (what: string) =>
  z
    .string({ error: `Choose a ${what}.` })
    .trim()
    .min(1, `Choose a ${what}.`)
    .max(100);
const DELIVERIES = '/dashboard/admin/deliveries';

const replayForm = z.object({ deliveryId: id('delivery') });
/** Queues a delivery to be sent again (docs/contract.md#webhooks: failed deliveries are kept for replay). */
export const replayDeliveryAction = dashboardAction<typeof replayForm, 'ADMIN', { queued: boolean }>(
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
