'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { decideBookingAsMerchant, merchantDecisionSchema } from '@/lib/bookings/dashboard';
import { ApiError } from '@/lib/http/errors';

export interface BookingDecisionState {
  error?: string;
  message?: string;
  fieldErrors?: Record<string, string | undefined>;
}

const doneMessages = { ACCEPTED: 'Booking accepted.', REJECTED: 'Booking rejected.', CANCELLED_BY_MERCHANT: 'Booking cancelled.' } as const;

/** The merchant accepts, rejects (with a reason) or cancels a booking; the booking app and the POS are notified. */
export async function decideBookingAction(_previous: BookingDecisionState, formData: FormData): Promise<BookingDecisionState> {
  const user = await requireUser(['MERCHANT'], '/dashboard/bookings');
  const parsed = merchantDecisionSchema.safeParse({
    bookingId: formData.get('bookingId'),
    bookingStatus: formData.get('bookingStatus'),
    reason: formData.get('reason') || undefined,
  });
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[] | undefined>;
    return { fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0]])) };
  }
  try {
    await decideBookingAsMerchant(getDb(), { merchantId: user.merchantId ?? '', userId: user.id }, parsed.data);
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
  revalidatePath('/dashboard/bookings');
  return { message: doneMessages[parsed.data.bookingStatus] };
}
