// `npm run demo:credentials [-- --new-secrets]`: the demo tenant's sign-ins and client ids again (the first start prints
// them once), and on request new client secrets for the demo apps. With the embedded database, stop Counterpart first:
// the data directory allows one process.
import { openDatabase } from '../db/client';
import { config, ConfigError } from '../lib/config';
import { demoCredentials } from '../lib/seed/demo-credentials';

const newSecrets = process.argv.includes('--new-secrets');
if (process.argv.includes('--help') || process.argv.slice(2).some((arg) => arg !== '--new-secrets')) {
  console.log('Usage: npm run demo:credentials [-- --new-secrets]');
  console.log('  prints the demo sign-ins and client ids; --new-secrets mints new client secrets for the demo apps (the old ones stop working)');
  process.exit(process.argv.includes('--help') ? 0 : 1);
}

try {
  const settings = config();
  const handle = await openDatabase({ url: settings.DATABASE_URL, dataDir: settings.DATA_DIR, maxConnections: 1 });
  try {
    for (const line of await demoCredentials(handle.db, { newSecrets })) console.log(line);
  } finally {
    await handle.close();
  }
  process.exit(0);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ConfigError) console.error(`Cannot read the configuration: ${message}`);
  else if (/is in use by process/.test(message)) {
    console.error(`${message}\nStop Counterpart (Ctrl-C) and run this again, or sign in as the admin and see /dashboard/admin/partners.`);
  } else console.error(error);
  process.exit(1);
}
