/**
 * The wait before retry number `retryIndex` (0 = the first retry) on `schedule` (seconds), with up to 10 % jitter so
 * retries of many items due at once spread out; null when the schedule is spent.
 */
export function retryDelayFrom(schedule: readonly number[], retryIndex: number): number | null {
  const seconds = schedule[retryIndex];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (1 + Math.random() * 0.1));
}
