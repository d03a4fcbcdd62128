// The node flags `npm start` runs server.ts with, read from package.json's start script, so the end-to-end tests
// and the benchmarks run the server exactly as it ships.
import { readFileSync } from 'node:fs';

/** The arguments between `node` and `server.ts` in `npm start` (e.g. the heap cap and `--import tsx`). */
export function serverNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const command = scripts.start
    .split('&&')
    .map((part) => part.trim().split(/\s+/))
    .find((words) => words[0] === 'node' && words.at(-1) === 'server.ts');
  if (!command) throw new Error('package.json: the start script does not run `node … server.ts`');
  return command.slice(1, -1);
}
