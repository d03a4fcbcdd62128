'use server';

import { z } from 'zod';
import { dashboardAction } from '../_lib/action';
import { replayDelivery } from '@/lib/events/replay';

const replaySchema = z.object({ deliveryId: z.string({ error: 'Choose a delivery to replay.' }).min(1).max(100) });

/** Queues a delivery to be sent again (docs/contract.md#webhooks: failed deliveries are kept for replay). */
export const replayDeliveryAction = dashboardAction<typeof replaySchema, 'ADMIN', { queued: boolean }>(
  { roles: ['ADMIN'], page: '/dashboard/admin', schema: replaySchema },
  async ({ db, input }) => {
    await replayDelivery(db, input.deliveryId);
    return { queued: true, message: 'Queued.' };
  },
);
