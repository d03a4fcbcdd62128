/** Partner types in words (the console shows no enum names). */
export const partnerTypeWords: Record<string, string> = {
  POS: 'Point of sale',
  ORDERING_APP: 'Ordering app',
  BOOKING_APP: 'Booking app',
  LOYALTY: 'Loyalty',
};

/** Dashboard roles in words. */
export const roleWords: Record<string, string> = {
  OWNER: 'Merchant owner',
  MANAGER: 'Merchant manager',
  STAFF: 'Merchant staff',
  LOYALTY_PARTNER: 'Loyalty partner reviewer',
  PARTNER_DEVELOPER: 'Partner developer',
  ADMIN: 'Operator (admin)',
};
