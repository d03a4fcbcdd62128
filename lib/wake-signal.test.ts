import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wakeSignal } from './wake-signal';

describe('wakeSignal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sleeps for its bound when nobody wakes it', async () => {
    const signal = wakeSignal();
    let slept: boolean | undefined;
    void signal.sleep(1000).then((woken) => (slept = woken));
    await vi.advanceTimersByTimeAsync(999);
    expect(slept).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(slept).toBe(false);
  });

  it('wakes a sleeper at once, and keeps a wake-up that came while it was busy until cleared', async () => {
    const signal = wakeSignal();
    const sleeping = signal.sleep(10_000);
    signal.wake();
    await expect(sleeping).resolves.toBe(true);
    // Still woken: the loop has not looked for work since.
    await expect(signal.sleep(10_000)).resolves.toBe(true);
    signal.clear();
    let slept: boolean | undefined;
    void signal.sleep(500).then((woken) => (slept = woken));
    await vi.advanceTimersByTimeAsync(500);
    expect(slept).toBe(false);
  });

  it('wakes at the earliest time asked for, ignoring later ones', async () => {
    const signal = wakeSignal();
    signal.wakeIn(300);
    signal.wakeIn(800); // later than the one set: ignored
    signal.wakeIn(200); // earlier: replaces it
    let slept: boolean | undefined;
    void signal.sleep(10_000).then((woken) => (slept = woken));
    await vi.advanceTimersByTimeAsync(199);
    expect(slept).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(slept).toBe(true);
    // The alarm went off once; nothing else is set.
    signal.clear();
    slept = undefined;
    void signal.sleep(1000).then((woken) => (slept = woken));
    await vi.advanceTimersByTimeAsync(1000);
    expect(slept).toBe(false);
  });
});
