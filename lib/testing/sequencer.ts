import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first: each starts production servers or several databases of its own, where
 * most files open one database. Started last, one of them would leave the other workers idle at the end of the run
 * while it finishes.
 */
export const LONGEST_FILES = [
  'db/multi-instance.postgres.test.ts',
  'lib/http/fast-path.postgres.test.ts',
  'db/server-faults.postgres.test.ts',
  'lib/security/secrets-at-rest.test.ts',
  'lib/auth/attempt-bursts.postgres.test.ts',
  'app/oauth/token/token.test.ts',
  'app/oauth/oauth-client.test.ts',
  'app/oauth/token/lockout.test.ts',
];

/** Vitest's own order (by recorded durations, else larger files first), with LONGEST_FILES before all others. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.indexOf(path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join('/'));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ file }) => file);
  }
}
