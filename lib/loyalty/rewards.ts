import type { PaymentType } from './schema';

// The loyalty partner computes a member's real reward from the loyalty event (docs/domain.md#loyalty); the
// service computes one itself only where the partner is not involved yet: an unregistered customer's
// pre-accumulated reward and the reward an on-terminal display shows. The rule ("a reward definition
// per transaction") is:
//   1 reward point per whole currency unit (100 cents) of goods and services, rounded down.
// Tips, surcharges and cash-out never earn. Only payments that take money for goods earn: PURCHASE and
// CLOSE_PRE_AUTH (an open pre-authorisation only holds funds until it is closed). REFUND, VOID and
// CASHOUT earn nothing and take nothing back from an already accumulated reward.

const CENTS_PER_POINT = 100;
const EARNING_PAYMENT_TYPES: ReadonlySet<PaymentType> = new Set<PaymentType>(['PURCHASE', 'CLOSE_PRE_AUTH']);

function assertPoints(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of 0 or more.`);
}

/** Reward points a payment earns, by the rule above. */
export function rewardEarned(payment: { paymentType: PaymentType; goodsAndServicesAmount: number }): number {
  assertPoints('goodsAndServicesAmount', payment.goodsAndServicesAmount);
  if (!EARNING_PAYMENT_TYPES.has(payment.paymentType)) return 0;
  return Math.floor(payment.goodsAndServicesAmount / CENTS_PER_POINT);
}

/**
 * docs/domain.md#unregistered-rewards: a merchant can configure a reward limit for unregistered members. The new accumulated reward
 * of an unregistered customer after earning `earned`; never above `limit` (null: no limit configured),
 * so a limit lowered since the customer last paid also brings their balance down to it.
 */
export function capUnregisteredReward(input: { accumulated: number; earned: number; limit: number | null }): number {
  assertPoints('accumulated', input.accumulated);
  assertPoints('earned', input.earned);
  if (input.limit !== null) assertPoints('limit', input.limit);
  const total = input.accumulated + input.earned;
  return input.limit === null ? total : Math.min(total, input.limit);
}

/**
 * docs/domain.md#unregistered-rewards: an unregistered customer's earned points carry into the initial balance at sign-up. The
 * registered card's `preAccumulatedReward`: the accumulated reward, held to the location's current limit.
 */
export function preAccumulatedRewardAtSignUp(input: { accumulated: number; limit: number | null }): number {
  return capUnregisteredReward({ accumulated: input.accumulated, earned: 0, limit: input.limit });
}

export interface PaymentAmounts {
  goodsAndServicesAmount?: number;
  tipAmount?: number;
  surchargeAmount?: number;
  cashoutAmount?: number;
}

/**
 * docs/domain.md#zero-amount-authorisation: linking a card outside terminal or online-checkout flows needs a one-time zero-amount
 * authorisation. A payment whose every amount is zero (or absent) is one: it yields a paymentId to
 * register with, and no loyalty activity and no reward.
 */
export function isZeroAmountAuthorisation(payment: PaymentAmounts): boolean {
  const amounts = [payment.goodsAndServicesAmount, payment.tipAmount, payment.surchargeAmount, payment.cashoutAmount];
  return amounts.every((amount) => amount === undefined || amount === 0);
}
