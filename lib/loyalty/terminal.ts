import { config } from '@/lib/config';
import type { TerminalDisplay } from './schema';

/** docs/domain.md#on-terminal-loyalty: on-terminal loyalty exists on one terminal series only; the series is configurable, PRO by default. */
export const DEFAULT_LOYALTY_TERMINAL_SERIES = 'PRO';

/** The terminal series that offers on-terminal loyalty in this process. */
export function loyaltyTerminalSeries(): string {
  return config().LOYALTY_TERMINAL_SERIES;
}

const normaliseSeries = (series: string) => series.trim().toUpperCase();

const pointsText = (reward: number) => `${reward} point${reward === 1 ? '' : 's'}`;

/**
 * What a terminal shows after a payment, or null when it shows nothing: the terminal is not of the
 * loyalty series (series compared ignoring case), or an unregistered customer cannot be offered a
 * sign-up (no memberReference, or the program has no sign-up link).
 * A registered member sees the reward earned; an unregistered customer sees a QR code of the sign-up
 * link carrying their memberReference, which the partner passes back to POST /loyalty/members.
 */
export function terminalDisplay(input: {
  series: string | null | undefined;
  supportedSeries: string;
  registered: { reward: number } | null;
  memberReference: string | null;
  signUpBaseUrl: string | null;
}): TerminalDisplay | null {
  if (!input.series || normaliseSeries(input.series) !== normaliseSeries(input.supportedSeries)) return null;
  if (input.registered) {
    const { reward } = input.registered;
    return { type: 'REWARD_EARNED', reward, message: `You earned ${pointsText(reward)}.` };
  }
  if (!input.memberReference || !input.signUpBaseUrl) return null;
  const signUpUrl = new URL(input.signUpBaseUrl);
  signUpUrl.searchParams.set('memberReference', input.memberReference);
  return {
    type: 'SIGN_UP',
    memberReference: input.memberReference,
    signUpUrl: signUpUrl.toString(),
    message: 'Scan to join and keep the rewards from this payment.',
  };
}
