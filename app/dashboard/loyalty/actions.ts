'use server';

import { loyaltyActivationInputSchema, requestLoyaltyActivation } from '@/lib/loyalty/onboarding';
import { rewardLimitInputSchema, setUnregisteredRewardLimit } from '@/lib/loyalty/reward-limits';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { dashboardAction, memberActor } from '../_lib/action';

const page = '/dashboard/loyalty';

/** The merchant asks a loyalty partner to activate loyalty at a location; the partner is notified (NEW_ONBOARDING_REQUEST). */
export const activateLoyaltyAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'loyalty.manage', page, schema: loyaltyActivationInputSchema },
  async ({ db, user, input }) => {
    await requestLoyaltyActivation(db, memberActor(user), input);
    return 'Activation requested. The loyalty partner will review it.';
  },
);

export const setRewardLimitAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'loyalty.manage', page, schema: rewardLimitInputSchema },
  async ({ db, user, input }) => {
    await setUnregisteredRewardLimit(db, user, input.locationId, input.limit);
    return input.limit === null ? 'No limit.' : 'Limit saved.';
  },
);
