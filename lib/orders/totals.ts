/**
 * the informative total formula (docs/domain.md#order-total). The service never enforces it (the provided `total` is always
 * the value to use); the dashboard docket uses it only to warn about an order whose total looks off.
 * Amounts are summed as given: an order's money is assumed to share one currency.
 */

interface Amount {
  amount: number;
}

export interface TotalsItem {
  unitPrice: Amount;
  quantity: number;
  discounts?: readonly Amount[] | undefined;
  modifiers?: readonly TotalsItem[] | undefined;
}

export interface TotalsOrder {
  items: readonly TotalsItem[];
  discounts?: readonly Amount[] | undefined;
  surcharges?: readonly Amount[] | undefined;
  tip?: Amount | undefined;
  total: Amount;
}

const sum = (amounts: readonly Amount[] | undefined): number => (amounts ?? []).reduce((total, money) => total + money.amount, 0);

/** Item total = (unitPrice + modifiersTotal - discounts) * quantity; modifiers and discounts are per unit. */
export function itemTotal(item: TotalsItem): number {
  const modifiersTotal = (item.modifiers ?? []).reduce((total, modifier) => total + itemTotal(modifier), 0);
  return (item.unitPrice.amount + modifiersTotal - sum(item.discounts)) * item.quantity;
}

/** Order total = items + surcharges - discounts + tip. */
export function expectedOrderTotal(order: TotalsOrder): number {
  const itemsTotal = order.items.reduce((total, item) => total + itemTotal(item), 0);
  return itemsTotal + sum(order.surcharges) - sum(order.discounts) + (order.tip?.amount ?? 0);
}

export function totalMismatch(order: TotalsOrder): { expected: number; provided: number } | null {
  const expected = expectedOrderTotal(order);
  const provided = order.total.amount;
  return expected === provided ? null : { expected, provided };
}
