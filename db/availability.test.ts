import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/db/errors';
import { type AvailabilityGuard, availabilityGuard } from './availability';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const never = () => new Promise<never>(() => {});
const connectionRefused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

let guard: AvailabilityGuard | undefined;
afterEach(() => guard?.close());

/** A probe the test switches between answering, refusing and never answering. */
function controllableProbe() {
  const state = { mode: 'answer' as 'answer' | 'refuse' | 'silent', calls: 0 };
  const probe = async () => {
    state.calls++;
    if (state.mode === 'refuse') throw connectionRefused();
    if (state.mode === 'silent') await never();
  };
  return { state, probe };
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : `other: ${String(error)}`),
  );

describe('availability guard', () => {
  it('passes results and ordinary errors through untouched', async () => {
    const { probe } = controllableProbe();
    guard = availabilityGuard(probe);
    expect(await guard.track(async () => 42)).toBe(42);
    await expect(guard.track(async () => Promise.reject(new Error('duplicate key')))).rejects.toThrow('duplicate key');
    expect(guard.down).toBe(false);
  });

  it('on an "unreachable" error fails every pending operation at once and refuses new ones without starting them', async () => {
    const { state, probe } = controllableProbe();
    state.mode = 'refuse';
    guard = availabilityGuard(probe);
    const pending = [guard.track(never), guard.track(never)].map(outcome);
    const tickets: boolean[] = [];
    const withdrawn = guard.track((ticket) => {
      ticket.onAbandon = () => tickets.push(ticket.abandoned);
      return never();
    });
    await expect(guard.track(async () => Promise.reject(connectionRefused()))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await Promise.all(pending)).toEqual(['unavailable', 'unavailable']);
    expect(await outcome(withdrawn)).toBe('unavailable');
    expect(tickets).toEqual([true]);

    let started = false;
    const refused = guard.track(async () => {
      started = true;
    });
    expect(await outcome(refused)).toBe('unavailable');
    expect(started).toBe(false);
    expect(guard.down).toBe(true);
  });

  it('recovers by itself once the probe answers again', async () => {
    const { state, probe } = controllableProbe();
    state.mode = 'refuse';
    guard = availabilityGuard(probe);
    await outcome(guard.track(async () => Promise.reject(connectionRefused())));
    expect(guard.down).toBe(true);
    await sleep(600);
    expect(guard.down).toBe(true);
    state.mode = 'answer';
    const deadline = Date.now() + 2000;
    while (guard.down && Date.now() < deadline) await sleep(20);
    expect(guard.down).toBe(false);
    expect(await guard.track(async () => 'back')).toBe('back');
  });

  it('marks the database down within 2 s when an operation hangs and the probe gets no answer', async () => {
    const { state, probe } = controllableProbe();
    state.mode = 'silent';
    guard = availabilityGuard(probe);
    const started = performance.now();
    expect(await outcome(guard.track(never))).toBe('unavailable');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('lets a slow operation finish when the probe shows the database is there', async () => {
    const { state, probe } = controllableProbe();
    guard = availabilityGuard(probe);
    expect(await guard.track(() => sleep(1500).then(() => 'slow but fine'))).toBe('slow but fine');
    expect(state.calls).toBeGreaterThan(0);
    expect(guard.down).toBe(false);
  });

  it('keeps a busy database up when its probe is slow but other statements are being answered', async () => {
    const { state, probe } = controllableProbe();
    state.mode = 'silent';
    guard = availabilityGuard(probe);
    const slow = guard.track(() => sleep(2500).then(() => 'answered at last'));
    // Meanwhile the database keeps answering other statements: it is loaded, not gone.
    const started = performance.now();
    while (performance.now() - started < 2400) await guard.track(() => sleep(50));
    expect(await slow).toBe('answered at last');
    expect(state.calls).toBeGreaterThan(0);
    expect(guard.down).toBe(false);
  });
});
