import { z } from 'zod';

// What the Loyalty API 0.9's routes (docs/domain.md#loyalty, docs/contract.md#loyalty) share in their OpenAPI documentation.

export const loyaltyTags = {
  members: ['Loyalty: members'],
  cards: ['Loyalty: registered cards'],
  onboarding: ['Loyalty: onboarding'],
  payments: ['Loyalty: test payments'],
};

export const loyaltyOnly = 'LOYALTY partners only; another partner’s resource is 404.';

/** The body a member registration answers, as the reference API documents it (deprecated there). */
export const memberRegistrationSchema = z
  .object({ registeredCardId: z.string(), memberId: z.string() })
  .describe('Deprecated in the reference API: do not rely on this body.');
