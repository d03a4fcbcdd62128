'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/http/errors';
import { decideOnboardingRequest } from '@/lib/loyalty/onboarding';
import { merchantOnboardingDecisionRequestSchema } from '@/lib/loyalty/schema';

export interface DecisionState {
  error?: string;
  fieldErrors?: Record<string, string | undefined>;
}

const referenceSchema = z.string().min(1).max(100);

/** The reviewer's decision goes through the same rules as the partner API's POST (decideOnboardingRequest). */
export async function decideOnboardingAction(_previous: DecisionState, formData: FormData): Promise<DecisionState> {
  const user = await requireUser(['LOYALTY_PARTNER'], '/dashboard/onboarding');
  const reference = referenceSchema.safeParse(formData.get('onboardingReference'));
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  const decision = merchantOnboardingDecisionRequestSchema.safeParse({
    action: text('action'),
    loyaltyProgramId: text('loyaltyProgramId'),
    reason: text('reason'),
    signUpUrl: text('signUpUrl'),
  });
  if (!reference.success) return { error: 'This request no longer exists.' };
  if (!decision.success) {
    return { fieldErrors: Object.fromEntries(decision.error.issues.map((issue) => [String(issue.path[0] ?? 'action'), issue.message])) };
  }
  try {
    await decideOnboardingRequest(getDb(), user.partnerId ?? '', reference.data, decision.data);
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
  revalidatePath('/dashboard/onboarding');
  return {};
}
