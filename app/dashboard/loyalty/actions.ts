'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/http/errors';
import { loyaltyActivationInputSchema, requestLoyaltyActivation } from '@/lib/loyalty/onboarding';
import { rewardLimitInputSchema, setUnregisteredRewardLimit } from '@/lib/loyalty/reward-limits';

export interface LoyaltyFormState {
  error?: string;
  message?: string;
  fieldErrors?: Record<string, string | undefined>;
}

const firstErrors = (error: z.ZodError) =>
  Object.fromEntries(Object.entries(z.flattenError(error).fieldErrors).map(([field, messages]) => [field, (messages as string[] | undefined)?.[0]]));

const formObject = (formData: FormData) => Object.fromEntries([...formData.entries()].filter(([, value]) => typeof value === 'string'));

/** The merchant asks a loyalty partner to activate loyalty at a location; the partner is notified (NEW_ONBOARDING_REQUEST). */
export async function activateLoyaltyAction(_previous: LoyaltyFormState, formData: FormData): Promise<LoyaltyFormState> {
  const user = await requireUser(['MERCHANT'], '/dashboard/loyalty');
  const parsed = loyaltyActivationInputSchema.safeParse(formObject(formData));
  if (!parsed.success) return { fieldErrors: firstErrors(parsed.error) };
  try {
    await requestLoyaltyActivation(getDb(), { merchantId: user.merchantId ?? '', userId: user.id }, parsed.data);
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
  revalidatePath('/dashboard/loyalty');
  return { message: 'Activation requested. The loyalty partner will review it.' };
}

export async function setRewardLimitAction(_previous: LoyaltyFormState, formData: FormData): Promise<LoyaltyFormState> {
  const user = await requireUser(['MERCHANT'], '/dashboard/loyalty');
  const parsed = rewardLimitInputSchema.safeParse(formObject(formData));
  if (!parsed.success) return { fieldErrors: firstErrors(parsed.error) };
  try {
    await setUnregisteredRewardLimit(getDb(), user.merchantId ?? '', parsed.data.locationId, parsed.data.limit);
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
  revalidatePath('/dashboard/loyalty');
  return { message: parsed.data.limit === null ? 'No limit.' : 'Limit saved.' };
}
