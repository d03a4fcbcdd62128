/** Partner types in words (the console shows no enum names). */
export const partnerTypeWords: Record<string, string> = {
  POS: 'Point of sale',
  ORDERING_APP: 'Ordering app',
  BOOKING_APP: 'Booking app',
  LOYALTY: 'Loyalty',
};
