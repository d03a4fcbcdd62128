'use server';

import { z } from 'zod';
import { disconnectDevice } from '@/lib/auth/devices';
import { notFound } from '@/lib/http/errors';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { dashboardAction } from '../_lib/action';

const disconnectSchema = z.object({ grantId: z.string({ error: 'Choose a device to disconnect.' }).min(1).max(100) });

/** Disconnecting revokes the device's grant: every token it holds stops working at once, and its sockets close. */
export const disconnectDeviceAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'devices.manage', page: '/dashboard/devices', schema: disconnectSchema },
  async ({ db, user, input }) => {
    if (!(await disconnectDevice(db, user, input.grantId))) throw notFound('Device');
    return 'Device disconnected.';
  },
);
