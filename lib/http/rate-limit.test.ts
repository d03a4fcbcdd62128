import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { consumeRateLimit, isOverBudget, spendOne } from './rate-limit';

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

  it('counts only the failures that are spent, so successes never lock an account out', async () => {
    const account = `user-${Math.random()}`;
    expect(await isOverBudget('test-failures', account, 3)).toBe(false);
    await spendOne('test-failures', account, 3);
    await spendOne('test-failures', account, 3);
    expect(await isOverBudget('test-failures', account, 3)).toBe(false);
    await spendOne('test-failures', account, 3);
    expect(await isOverBudget('test-failures', account, 3)).toBe(true);
    expect(await isOverBudget('test-failures', `other-${Math.random()}`, 3)).toBe(false);
  });
});
