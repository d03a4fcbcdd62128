/**
 * A sleeping background loop's alarm. The loop sleeps until it is woken at once (a NOTIFY, a finished batch that
 * released more work) or at the earliest time it was asked to wake (a retry coming due), and at most its idle bound.
 * A wake-up that arrives while the loop is busy is kept, so the next sleep returns at once instead of missing it.
 */
export interface WakeSignal {
  wake(): void;
  /** Wakes the loop in `ms`, unless an earlier wake-up is already set. */
  wakeIn(ms: number): void;
  /** Sleeps until woken or `ms` pass; true when woken. Returns at once when woken since the last `clear`. */
  sleep(ms: number): Promise<boolean>;
  /** Forgets the wake-ups so far: called right before the loop looks for work, which covers them. */
  clear(): void;
}

export function wakeSignal(): WakeSignal {
  let woken = false;
  let waiter: (() => void) | undefined;
  let alarm: { at: number; timer: NodeJS.Timeout } | undefined;

  const wake = () => {
    woken = true;
    waiter?.();
  };

  return {
    wake,
    wakeIn(ms) {
      const at = Date.now() + ms;
      if (alarm && alarm.at <= at) return;
      if (alarm) clearTimeout(alarm.timer);
      const timer = setTimeout(() => {
        alarm = undefined;
        wake();
      }, ms);
      timer.unref();
      alarm = { at, timer };
    },
    sleep(ms) {
      return new Promise<boolean>((resolve) => {
        if (woken) return resolve(true);
        const done = (value: boolean) => {
          clearTimeout(timer);
          waiter = undefined;
          resolve(value);
        };
        const timer = setTimeout(() => done(false), ms);
        waiter = () => done(true);
      });
    },
    clear() {
      woken = false;
    },
  };
}
