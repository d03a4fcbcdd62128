'use server';

import { loyaltyActivationInputSchema, requestLoyaltyActivation } from '@/lib/loyalty/onboarding';
import { rewardLimitInputSchema, setUnregisteredRewardLimit } from '@/lib/loyalty/reward-limits';
import { dashboardAction } from '../_lib/action';

const page = '/dashboard/loyalty';

/** The merchant asks a loyalty partner to activate loyalty at a location; the partner is notified (NEW_ONBOARDING_REQUEST). */
export const activateLoyaltyAction = dashboardAction({ roles: ['MERCHANT'], page, schema: loyaltyActivationInputSchema }, async ({ db, user, input }) => {
  await requestLoyaltyActivation(db, { merchantId: user.merchantId, userId: user.id }, input);
  return 'Activation requested. The loyalty partner will review it.';
});

export const setRewardLimitAction = dashboardAction({ roles: ['MERCHANT'], page, schema: rewardLimitInputSchema }, async ({ db, user, input }) => {
  await setUnregisteredRewardLimit(db, user.merchantId, input.locationId, input.limit);
  return input.limit === null ? 'No limit.' : 'Limit saved.';
});
