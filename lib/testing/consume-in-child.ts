/**
 * Another Counterpart instance, for the rate-limit tests: opens the PostgreSQL database at argv[2] and consumes
 * argv[5] requests from the `argv[3]` budget of key argv[4] (budget argv[6] per minute), printing each outcome
 * (200 or 429) as one JSON array on stdout.
 */
import { installDatabase, openDatabase } from '@/db/client';
import { ApiError } from '@/lib/http/errors';
import { consumeRateLimit } from '@/lib/rate-limit';

const [url, name, key, count, budget] = process.argv.slice(2);
const handle = await openDatabase({ url: url!, dataDir: 'unused', maxConnections: 2 });
installDatabase(handle);
const outcomes: number[] = [];
for (let i = 0; i < Number(count); i++) {
  outcomes.push(
    await consumeRateLimit(name!, key!, Number(budget)).then(
      () => 200,
      (error: unknown) => (error instanceof ApiError ? error.status : 500),
    ),
  );
}
console.log(JSON.stringify(outcomes));
await handle.close();
