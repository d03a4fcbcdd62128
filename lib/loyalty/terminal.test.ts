import { describe, expect, it } from 'vitest';
import { terminalDisplaySchema } from './schema';
import { DEFAULT_LOYALTY_TERMINAL_SERIES, terminalDisplay } from './terminal';

type Input = Parameters<typeof terminalDisplay>[0];

const unregistered: Input = {
  series: 'PRO',
  supportedSeries: DEFAULT_LOYALTY_TERMINAL_SERIES,
  registered: null,
  memberReference: 'ab6775c4-b446-4cd7-b2b6-d4dae6e9563b',
  signUpBaseUrl: 'https://join.example/cafe',
};
const registered: Input = { ...unregistered, registered: { reward: 12 }, memberReference: null };

describe('terminalDisplay: which terminals show loyalty', () => {
  it('defaults to the PRO series', () => {
    expect(DEFAULT_LOYALTY_TERMINAL_SERIES).toBe('PRO');
  });

  it.each([
    { name: 'no terminal given', series: undefined, supportedSeries: 'PRO', shows: false },
    { name: 'a null terminal series', series: null, supportedSeries: 'PRO', shows: false },
    { name: 'an empty terminal series', series: '', supportedSeries: 'PRO', shows: false },
    { name: 'another series', series: 'MINI', supportedSeries: 'PRO', shows: false },
    { name: 'a series that only starts like the supported one', series: 'PROFESSIONAL', supportedSeries: 'PRO', shows: false },
    { name: 'the supported series', series: 'PRO', supportedSeries: 'PRO', shows: true },
    { name: 'the supported series in lower case', series: 'pro', supportedSeries: 'PRO', shows: true },
    { name: 'the supported series with spaces', series: ' PRO ', supportedSeries: 'PRO', shows: true },
    { name: 'a configured series', series: 'A920', supportedSeries: 'a920', shows: true },
    { name: 'PRO when another series is configured', series: 'PRO', supportedSeries: 'A920', shows: false },
  ])('$name → shows: $shows', ({ series, supportedSeries, shows }) => {
    expect(terminalDisplay({ ...registered, series, supportedSeries }) !== null).toBe(shows);
    expect(terminalDisplay({ ...unregistered, series, supportedSeries }) !== null).toBe(shows);
  });
});

describe('terminalDisplay: what the terminal shows', () => {
  it.each([
    { name: 'several points', reward: 12, message: 'You earned 12 points.' },
    { name: 'one point', reward: 1, message: 'You earned 1 point.' },
    { name: 'no points', reward: 0, message: 'You earned 0 points.' },
  ])('shows a registered member the reward earned: $name', ({ reward, message }) => {
    expect(terminalDisplay({ ...registered, registered: { reward } })).toEqual({ type: 'REWARD_EARNED', reward, message });
  });

  it('shows a registered member the reward, not a sign-up, even when a memberReference is known', () => {
    expect(terminalDisplay({ ...registered, memberReference: 'ref-1' })?.type).toBe('REWARD_EARNED');
  });

  it.each([
    {
      name: 'a plain link',
      signUpBaseUrl: 'https://join.example/cafe',
      memberReference: 'ab6775c4-b446-4cd7-b2b6-d4dae6e9563b',
      signUpUrl: 'https://join.example/cafe?memberReference=ab6775c4-b446-4cd7-b2b6-d4dae6e9563b',
    },
    {
      name: 'a link that already has a query',
      signUpBaseUrl: 'https://join.example/signup?program=gold',
      memberReference: 'ref-1',
      signUpUrl: 'https://join.example/signup?program=gold&memberReference=ref-1',
    },
    {
      name: 'a memberReference that needs escaping',
      signUpBaseUrl: 'https://join.example/',
      memberReference: 'a&b=c',
      signUpUrl: 'https://join.example/?memberReference=a%26b%3Dc',
    },
  ])('shows an unregistered customer a sign-up QR link carrying the memberReference: $name', ({ signUpBaseUrl, memberReference, signUpUrl }) => {
    expect(terminalDisplay({ ...unregistered, signUpBaseUrl, memberReference })).toEqual({
      type: 'SIGN_UP',
      memberReference,
      signUpUrl,
      message: 'Scan to join and keep the rewards from this payment.',
    });
  });

  it.each([
    { name: 'no memberReference', input: { ...unregistered, memberReference: null } },
    { name: 'no sign-up link for the program', input: { ...unregistered, signUpBaseUrl: null } },
  ])('shows an unregistered customer nothing with $name', ({ input }) => {
    expect(terminalDisplay(input)).toBeNull();
  });

  it.each([
    { name: 'a reward', input: registered },
    { name: 'a sign-up', input: unregistered },
  ])('returns $name in the public TerminalDisplay shape', ({ input }) => {
    const display = terminalDisplay(input);
    expect(terminalDisplaySchema.parse(display)).toEqual(display);
  });
});
