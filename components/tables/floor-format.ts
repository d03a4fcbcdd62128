/** Money is integer cents with a currency (STYLE.md); shown in the merchant's locale. */
export function formatMoney(money: { amount: number; currency: string } | null): string {
  if (!money) return '—';
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency: money.currency }).format(money.amount / 100);
}

/** When a sale was opened, in the zone the POS recorded it in (the offset of openedZonedDateTime). */
export function formatOpenedAt(zonedDateTime: string): string {
  const match = /T(\d{2}):(\d{2})/.exec(zonedDateTime);
  return match ? `${match[1]}:${match[2]}` : zonedDateTime;
}
