'use server';

import { z } from 'zod';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/http/errors';
import { sendSampleOrder } from '@/lib/orders/sample-order';

export interface SampleOrderState {
  error?: string;
  /** Reference of the order just sent, for the confirmation. */
  sent?: string;
}

const sampleOrderSchema = z.object({ locationId: z.string().min(1).max(50) });

/** The sandbox: the demo ordering app sends a sample order, which reaches the POS and this board like a real one. */
export async function sendSampleOrderAction(_previous: SampleOrderState, formData: FormData): Promise<SampleOrderState> {
  const user = await requireUser(['MERCHANT'], '/dashboard/orders');
  const parsed = sampleOrderSchema.safeParse({ locationId: formData.get('locationId') });
  if (!parsed.success || !user.merchantId) return { error: 'Choose a location for the sample order.' };
  try {
    const order = await sendSampleOrder(getDb(), { merchantId: user.merchantId, locationId: parsed.data.locationId });
    return { sent: (order.content as { origin: { orderReference: string } }).origin.orderReference };
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}
