'use server';

import { z } from 'zod';
import { decideOnboardingRequest } from '@/lib/loyalty/onboarding';
import { merchantOnboardingDecisionRequestSchema } from '@/lib/loyalty/schema';
import { dashboardAction } from '../_lib/action';

const decisionFormSchema = z.intersection(z.object({ onboardingReference: z.string().min(1).max(100) }), merchantOnboardingDecisionRequestSchema);

/** The reviewer's decision goes through the same rules as the partner API's POST (decideOnboardingRequest). */
export const decideOnboardingAction = dashboardAction(
  { roles: ['LOYALTY_PARTNER'], page: '/dashboard/onboarding', schema: decisionFormSchema },
  async ({ db, user, input: { onboardingReference, ...decision } }) => {
    await decideOnboardingRequest(db, user.partnerId, onboardingReference, decision);
    return decision.action === 'APPROVE' ? 'Approved.' : 'Declined.';
  },
);
