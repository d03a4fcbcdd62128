/** A unit of background work the runner (lib/background/runner.ts) repeats on its own timer. */
export interface Loop {
  name: string;
  /** Pause between runs when the previous run found nothing to do. */
  idleMs: number;
  /**
   * Pause between runs while work remains (default none). A retention sweep sets it so a large backlog is deleted in
   * bounded batches with room between them for the requests sharing the database, rather than back to back.
   */
  busyMs?: number;
  /** Does one batch of work; returns true when more work may be waiting (run again at once). */
  run(): Promise<boolean>;
  /** Ends what the loop keeps running between runs (the sandboxes' simulators), once its runs have stopped. */
  stop?(): Promise<void>;
}
