import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { consumeRateLimit, reserveAttempt } from './rate-limit';

describe('rate limits', () => {
  it('counts down the budget and then refuses with Retry-After', async () => {
    const key = `client-${Math.random()}`;
    const first = await consumeRateLimit('test-budget', key, 2);
    expect(first).toMatchObject({ limit: 2, remaining: 1 });
    await consumeRateLimit('test-budget', key, 2);
    const refused = await consumeRateLimit('test-budget', key, 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).headers?.['Retry-After']).toMatch(/^[1-9]\d*$/);
  });

  it('reserves an attempt before it is checked; a refund gives it back, so successes never lock an account out', async () => {
    const account = `user-${Math.random()}`;
    const budget = [['test-failures', account, 3] as const];
    const right = await reserveAttempt(budget);
    expect(right.granted).toBe(true);
    if (right.granted) await right.refund();
    for (let i = 0; i < 3; i++) expect((await reserveAttempt(budget)).granted).toBe(true);
    expect(await reserveAttempt(budget)).toMatchObject({ granted: false, retryAfterSeconds: expect.any(Number) });
    expect((await reserveAttempt([['test-failures', `other-${Math.random()}`, 3]])).granted).toBe(true);
  });

  it('grants at most the budget to a burst of parallel attempts', async () => {
    const budget = [['test-burst', `user-${Math.random()}`, 5] as const];
    const burst = await Promise.all(Array.from({ length: 50 }, () => reserveAttempt(budget)));
    expect(burst.filter((attempt) => attempt.granted)).toHaveLength(5);
  });

  it('a refused attempt takes nothing from its other budgets', async () => {
    const spent = [['test-pair', `client-${Math.random()}`, 1] as const];
    const address = ['test-pair-address', `ip-${Math.random()}`, 2] as const;
    expect((await reserveAttempt(spent)).granted).toBe(true);
    for (let i = 0; i < 5; i++) expect((await reserveAttempt([...spent, address])).granted).toBe(false);
    expect((await reserveAttempt([address])).granted).toBe(true);
    expect((await reserveAttempt([address])).granted).toBe(true);
    expect((await reserveAttempt([address])).granted).toBe(false);
  });

  it('refunds once, however often refund is called', async () => {
    const budget = [['test-refund-once', `user-${Math.random()}`, 2] as const];
    const first = await reserveAttempt(budget);
    if (first.granted) await Promise.all([first.refund(), first.refund(), first.refund()]);
    for (let i = 0; i < 2; i++) expect((await reserveAttempt(budget)).granted).toBe(true);
    expect((await reserveAttempt(budget)).granted).toBe(false);
  });
});
