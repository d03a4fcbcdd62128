import type { Logger } from 'pino';
import { metrics } from '@/lib/ops/metrics';

export type { Loop } from '@/lib/loop';
import type { Loop } from '@/lib/loop';

/**
 * Runs each loop on its own self-rescheduling timer (never overlapping itself). `stop()` lets in-flight runs finish,
 * so SIGTERM loses no claimed work.
 */
export function startLoops(loops: Loop[], log: Logger): { stop(): Promise<void>; wake(name: string): void } {
  let stopping = false;
  const inFlight = new Set<Promise<unknown>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<string>();
  const wakeRequested = new Set<string>();

  const schedule = (loop: Loop, delay: number) => {
    if (stopping) return;
    clearTimeout(timers.get(loop.name));
    timers.set(
      loop.name,
      setTimeout(() => tick(loop), delay),
    );
  };

  const tick = (loop: Loop) => {
    if (stopping) return;
    if (running.has(loop.name)) {
      wakeRequested.add(loop.name);
      return;
    }
    running.add(loop.name);
    const work = loop
      .run()
      .catch((error: unknown) => {
        log.error({ err: error, loop: loop.name }, 'background loop failed');
        return false;
      })
      .then((more) => {
        metrics().loopLastRun.set({ loop: loop.name }, Date.now() / 1000);
        running.delete(loop.name);
        inFlight.delete(work);
        const woken = wakeRequested.delete(loop.name);
        schedule(loop, more ? (loop.busyMs ?? 0) : woken ? 0 : loop.idleMs);
      });
    inFlight.add(work);
  };

  for (const loop of loops) schedule(loop, 0);
  return {
    wake(name) {
      const loop = loops.find((candidate) => candidate.name === name);
      if (loop) tick(loop);
    },
    async stop() {
      stopping = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(inFlight);
      await Promise.all(loops.map((loop) => loop.stop?.()));
    },
  };
}
