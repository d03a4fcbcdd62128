'use server';

import { z } from 'zod';
import { STATUS_LABELS } from '@/components/orders/order-format';
import { TICKET_MINUTES_MAX, setTicketThresholds } from '@/lib/orders/board-view';
import { changeOrderStatus } from '@/lib/orders/change-status';
import { sendSampleOrder } from '@/lib/orders/sample-order';
import { patchOrderRequestSchema } from '@/lib/orders/schema';
import { orderAuditNote } from '@/lib/ops/audit-targets';
import { MERCHANT_ROLES, type MerchantRole } from '@/lib/tenancy/roles';
import { dashboardAction, memberActor } from '../_lib/action';

const sampleOrderSchema = z.object({ locationId: z.string({ error: 'Choose a location for the sample order.' }).min(1).max(50) });

/** The sandbox: the demo ordering app sends a sample order, which reaches the POS and this board like a real one. */
export const sendSampleOrderAction = dashboardAction<typeof sampleOrderSchema, MerchantRole, { sent: string }>(
  { roles: MERCHANT_ROLES, permission: 'board.settings', page: '/dashboard/orders', schema: sampleOrderSchema },
  async ({ db, user, input }) => {
    const order = await sendSampleOrder(db, { ...memberActor(user), locationId: input.locationId });
    return { sent: (order.content as { origin: { orderReference: string } }).origin.orderReference };
  },
);

const moveSchema = z.intersection(z.object({ orderId: z.string().min(1).max(100) }), patchOrderRequestSchema);

/**
 * The merchant runs the pass from the board (docs/contract.md#merchant-moves): the same rules as a POS PATCH, the merchant user named in
 * the status history, and the events a POS change causes. A refused move answers the API's own message.
 */
export const moveOrderAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'board.view', page: '/dashboard/orders', schema: moveSchema, audit: 'order.move' },
  async ({ db, user, input: { orderId, ...update }, audit }) => {
    await changeOrderStatus(db, memberActor(user), orderId, update);
    // The audit log names the order, where it is and what it became ("… moved order S-263 to Accepted at Demo Bistro CBD").
    Object.assign(audit, {
      targetType: 'order',
      targetId: orderId,
      after: { ...(await orderAuditNote(db, orderId)), status: update.status, statusLabel: STATUS_LABELS[update.status] },
    });
    return `Order ${STATUS_LABELS[update.status].toLowerCase()}.`;
  },
);

const minutes = (what: string) =>
  z.coerce
    .number({ error: `${what} in whole minutes.` })
    .int(`${what} in whole minutes.`)
    .min(1, `${what} after at least 1 minute.`)
    .max(TICKET_MINUTES_MAX, `${what} after at most ${TICKET_MINUTES_MAX} minutes.`);
const thresholdsSchema = z.object({
  locationId: z.string().min(1).max(50),
  warnMinutes: minutes('Amber'),
  lateMinutes: minutes('Red'),
});

/** A location's ticket timers: its tickets turn amber, then red, after this many minutes in one step. */
export const setTicketThresholdsAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'board.settings', page: '/dashboard/orders', schema: thresholdsSchema, audit: 'location.ticket-timers' },
  async ({ db, user, input: { locationId, ...thresholds }, audit }) => {
    const location = await setTicketThresholds(db, user, locationId, thresholds);
    audit.targetType = 'location';
    audit.targetId = location.id;
    return `${location.name}: amber after ${location.warnMinutes} min, red after ${location.lateMinutes} min.`;
  },
);
