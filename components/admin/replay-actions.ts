'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { replayDelivery } from '@/lib/events/replay';
import { ApiError } from '@/lib/http/errors';

export interface ReplayState {
  error?: string;
  queued?: boolean;
}

const replaySchema = z.object({ deliveryId: z.string().min(1).max(100) });

/** Queues a delivery to be sent again (CONTRACT §7: failed deliveries are kept for replay). */
export async function replayDeliveryAction(_previous: ReplayState, formData: FormData): Promise<ReplayState> {
  await requireUser(['ADMIN'], '/dashboard/admin');
  const parsed = replaySchema.safeParse({ deliveryId: formData.get('deliveryId') });
  if (!parsed.success) return { error: 'Choose a delivery to replay.' };
  try {
    await replayDelivery(getDb(), parsed.data.deliveryId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { error: 'That delivery no longer exists.' };
    throw error;
  }
  revalidatePath('/dashboard/admin');
  return { queued: true };
}
