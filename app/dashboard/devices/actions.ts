'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { disconnectDevice } from '@/lib/auth/devices';

export interface DisconnectState {
  error?: string;
}

const disconnectSchema = z.object({ grantId: z.string().min(1).max(100) });

/** Disconnecting revokes the device's grant: every token it holds stops working at once. */
export async function disconnectDeviceAction(_previous: DisconnectState, formData: FormData): Promise<DisconnectState> {
  const user = await requireUser(['MERCHANT'], '/dashboard/devices');
  const parsed = disconnectSchema.safeParse({ grantId: formData.get('grantId') });
  if (!parsed.success || !user.merchantId) return { error: 'Choose a device to disconnect.' };
  const disconnected = await disconnectDevice(getDb(), user.merchantId, parsed.data.grantId);
  if (!disconnected) return { error: 'That device is no longer connected.' };
  revalidatePath('/dashboard/devices');
  return {};
}
