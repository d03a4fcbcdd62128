import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import next from 'next';
import { installDatabase, openDatabase } from './db/client';
import { ensureSigningKey } from './lib/auth/signing-keys';
import { backgroundLoops } from './lib/background/loops';
import { startLoops } from './lib/background/runner';
import { config, ConfigError } from './lib/config';
import { worthCompressing } from './lib/http/compression';
import { attachPosNotifications } from './lib/events/pos-notifications';
import { logger } from './lib/log';
import { seedDemoTenant } from './lib/seed/demo';
import { generatedSetting } from './lib/settings';

// The tiny entry: configuration, database (migrated), Next's handler, the POS WebSocket and background loops.
async function main() {
  const dev = process.argv.includes('--dev');
  let settings;
  try {
    settings = config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = logger();
  const handle = await openDatabase({ url: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  installDatabase(handle);
  await ensureSigningKey(handle.db);
  process.env.AUTH_SECRET ??= await generatedSetting(handle.db, 'auth_secret', () => randomBytes(32).toString('base64url'));
  if (settings.SEED_DEMO) await seedDemoTenant(handle.db, (text) => console.log(text));

  const app = next({ dev, dir: process.cwd(), hostname: 'localhost', port: settings.PORT });
  const handleRequest = app.getRequestHandler();
  await app.prepare();

  const server = createServer((request, response) => {
    if (!worthCompressing(request.url ?? '/')) delete request.headers['accept-encoding'];
    void handleRequest(request, response);
  });
  const notifications = attachPosNotifications(server, handle);
  const nextUpgrade = app.getUpgradeHandler();
  server.on('upgrade', (request, socket, head) => {
    if (!notifications.handles(request)) void nextUpgrade(request, socket, head);
  });
  const loops = startLoops(backgroundLoops(handle), log);

  server.listen(settings.PORT, () => log.info({ port: settings.PORT, publicUrl: settings.PUBLIC_URL, database: handle.kind }, 'Counterpart listening'));

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down');
    server.close();
    await notifications.close();
    await loops.stop();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
