import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import next from 'next';
import { installDatabase, openDatabase } from './db/client';
import { ensureSigningKey } from './lib/auth/signing-keys';
import { backgroundLoops } from '@/lib/background-loops';
import { startLoops } from './lib/background/runner';
import { config, ConfigError } from './lib/config';
import { type CompressionFilter, compressionPassThrough, verdictPerContentType, worthCompressing } from './lib/http/compression';
import { CONNECTION_TIMEOUTS, guardConnections, processConnectionCap } from './lib/http/connection-guard';
import { docsPage } from './lib/http/docs-page';
import { createFastPath, type FastPath } from './lib/http/fast-path';
import { ApiError } from './lib/http/errors';
import { acceptedRequestId, docsUrl, REMOTE_ADDRESS_HEADER } from './lib/http/handler-context';
import { type PagePosts, pinToPublicUrl, serverActionsOfBuild } from './lib/http/page-posts';
import { answerClientError, guardRequest, sendProblem } from './lib/http/request-guard';
import { emptyRouteTable, routeTableOfBuild, type RouteTable } from './lib/http/route-table';
import { publishUnmeteredRateLimit } from './lib/http/unmetered-rate-limit';
import { attachPosNotifications } from './lib/events/pos-notifications';
import { requestDrain } from './lib/http/drain';
import { flushRequestLog } from './lib/ops/request-log';
import { logger } from './lib/log';
import {
  NEXT_ROUTER_PREFETCH_HEADER,
  NEXT_ROUTER_SEGMENT_PREFETCH_HEADER,
  NEXT_ROUTER_STATE_TREE_HEADER,
  NEXT_URL,
  RSC_HEADER,
} from 'next/dist/client/components/app-router-headers';
import { releaseCompressionStream } from 'next/dist/server/lib/release-compression-stream';
import { seedDemoTenant } from './lib/seed/demo';
import { MasterKeyError, resolveMasterKey, type ResolvedMasterKey } from './lib/security/master-key';
import { SealedSecretError } from './lib/security/sealed-secrets';
import { prepareSealedSecrets, sealedSetting } from './lib/security/stored-secrets';

// The tiny entry: configuration, database (migrated), request pre-checks and Next's handler, the POS WebSocket and
// background loops.
async function main() {
  const dev = process.argv.includes('--dev');
  let settings;
  let masterKey: ResolvedMasterKey;
  try {
    settings = config();
    masterKey = resolveMasterKey(settings);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof MasterKeyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = logger();
  const handle = await openDatabase({
    url: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
    onAvailabilityChange: (down, cause) => {
      if (down) log.error({ err: cause }, 'database unreachable: answering 503 until it answers again');
      else log.warn('database reachable again');
    },
  });
  installDatabase(handle);
  // docs/contract.md#secrets-at-rest: secrets at rest are sealed; a master key that does not open them stops start-up here.
  try {
    const { messages } = await prepareSealedSecrets(handle.db, masterKey);
    for (const message of messages) log.info(message);
  } catch (error) {
    if (error instanceof SealedSecretError || error instanceof MasterKeyError) {
      console.error(`Cannot start: ${error.message}`);
      await handle.close();
      process.exit(1);
    }
    throw error;
  }
  await ensureSigningKey(handle.db);
  process.env.AUTH_SECRET ??= await sealedSetting(handle.db, 'auth_secret', () => randomBytes(32).toString('base64url'));
  // Auth.js builds its URLs (redirects, callback URLs) on AUTH_URL, else on the address Next was started with.
  const publicUrl = new URL(settings.PUBLIC_URL);
  process.env.AUTH_URL = new URL('/api/auth', publicUrl).href;
  if (settings.SEED_DEMO) await seedDemoTenant(handle.db, (text) => console.log(text));

  // Next would attach an upgrade listener of its own to the server of the first request it handles, and it ends the
  // sockets of paths it routes (the /connect catch-all) while the POS hub is still checking the token. Upgrades reach
  // Next only through the listener below; the server handed to Next here never listens.
  const app = next({ dev, dir: process.cwd(), hostname: 'localhost', port: settings.PORT, httpServer: createServer() });
  const handleRequest = app.getRequestHandler();
  // The API route modules load (and compile) while Next prepares.
  const fastPathLoading = dev || !settings.API_FAST_PATH ? undefined : apiFastPath(settings.PORT, log);
  await app.prepare();

  const buildRoutes = dev
    ? emptyRouteTable
    : routeTableOfBuild(path.join(process.cwd(), '.next'), (err, file) => log.warn({ err, file }, 'route methods unreadable'));
  const fastPath = await fastPathLoading;
  const pagePosts: PagePosts = { origin: publicUrl.origin, actions: dev ? undefined : serverActionsOfBuild(path.join(process.cwd(), '.next')) };
  const routes: RouteTable = fastPath
    ? { allowedMethods: (pathname) => fastPath.routes.allowedMethods(pathname) ?? buildRoutes.allowedMethods(pathname) }
    : buildRoutes;
  // The reference, rendered once per process and counted per address (lib/http/docs-page.ts); in development, as edited.
  const docs = dev ? undefined : docsPage((request, response) => void handleRequest(request, response));
  // What a request that passed the pre-checks gets: the fast path's handler, or Next; one that did not, its problem.
  const proceed = (request: IncomingMessage, response: ServerResponse, accepted: IncomingMessage | ApiError) => {
    if (accepted instanceof ApiError) return sendProblem(request, response, accepted, docsUrl());
    if (docs?.serve(accepted, response)) return;
    if (fastPath?.serve(accepted, response)) return;
    if (!worthCompressing(accepted.url ?? '/')) delete accepted.headers['accept-encoding'];
    void handleRequest(accepted, response);
  };
  const drain = requestDrain();
  const server = createServer(CONNECTION_TIMEOUTS, (request, response) => {
    if (drain.admit(request, response)) return;
    // Every response carries RateLimit headers (docs/contract.md#rate-limit-headers), the pre-checks' problems included.
    publishUnmeteredRateLimit(response);
    // Route handlers see no socket: hand them its peer address, overwriting any copy the client sent.
    request.headers[REMOTE_ADDRESS_HEADER] = request.socket.remoteAddress ?? '';
    // docs/contract.md#request-id: every response carries X-Request-Id (the client's when valid); handlers, logs, problem bodies and
    // the API request log use the same id.
    const requestId = acceptedRequestId(request.headers['x-request-id']);
    request.headers['x-request-id'] = requestId;
    response.setHeader('X-Request-Id', requestId);
    pinToPublicUrl(request.headers, publicUrl, settings.TRUST_PROXY);
    let verdict: ReturnType<typeof guardRequest>;
    try {
      verdict = guardRequest(request, routes, pagePosts);
    } catch (err) {
      log.error({ err, url: request.url?.slice(0, 200) }, 'request pre-checks failed');
      return request.destroy();
    }
    if (verdict instanceof Promise)
      verdict.then(
        (accepted) => proceed(request, response, accepted),
        // Only a connection that broke while its body was read gets here; there is no one left to answer.
        () => request.destroy(),
      );
    else proceed(request, response, verdict);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerClientError(error, socket, docsUrl()));
  guardConnections(server, {
    perAddress: settings.MAX_CONNECTIONS_PER_ADDRESS,
    total: processConnectionCap(),
    docsUrl,
    onRefused: (refusal) => log.warn(refusal, 'connections refused'),
  });
  const notifications = attachPosNotifications(server, handle);
  const nextUpgrade = app.getUpgradeHandler();
  server.on('upgrade', (request, socket, head) => {
    if (!notifications.handles(request)) void nextUpgrade(request, socket, head);
  });
  // The sandboxes' simulators are clients of this very instance, over loopback.
  const loops = startLoops(backgroundLoops(handle, { selfOrigin: `http://127.0.0.1:${settings.PORT}` }), log);

  server.listen(settings.PORT, () => log.info({ port: settings.PORT, publicUrl: settings.PUBLIC_URL, database: handle.kind }, 'Counterpart listening'));

  // SIGTERM drains (README "Rolling restarts"): /readyz answers 503 at once and, after DRAIN_DELAY_MS (time for the
  // balancer's readiness checks to notice and route elsewhere), the instance stops accepting connections, answers the
  // requests it is serving, closes its POS sockets with 1012 "service restart", writes the request log and its counts,
  // and exits. SIGINT (Ctrl-C at a terminal) drains without waiting for a balancer.
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    drain.begin();
    const delayMs = signal === 'SIGTERM' ? settings.DRAIN_DELAY_MS : 0;
    log.info({ signal, delayMs }, 'draining');
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    server.close();
    server.closeIdleConnections();
    const [, answered] = await Promise.all([notifications.close(), drain.idle(IN_FLIGHT_TIMEOUT_MS)]);
    if (!answered) log.warn({ inFlight: drain.inFlight }, 'requests still unanswered at shutdown');
    // What is left: dashboard streams (their browsers reconnect elsewhere) and connections that sent nothing.
    server.closeAllConnections();
    await loops.stop();
    await flushRequestLog().catch((err: unknown) => log.error({ err }, 'writing the request log at shutdown failed'));
    await handle.close();
    log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** How long a draining instance waits for the requests it is serving (each is cut off at 30 s anyway). */
const IN_FLIGHT_TIMEOUT_MS = 20_000;

/**
 * The API surfaces' route handlers called directly (lib/http/fast-path.ts), from the same app/ route files Next
 * builds, with the response headers of next.config.js and Next's compression. Without a usable build it stays off
 * and Next serves everything.
 */
async function apiFastPath(port: number, log: ReturnType<typeof logger>): Promise<FastPath | undefined> {
  // Next's own compression middleware (as its router applies it), so answers are compressed, or not, exactly alike.
  const compression = createRequire(import.meta.url)('next/dist/compiled/compression') as (() => (
    request: IncomingMessage,
    response: ServerResponse,
    next: () => void,
  ) => void) & { filter: CompressionFilter };
  const compress = compression();
  // The middleware's filter looks at the Content-Type alone (mime-db's compressible types).
  const compressible = verdictPerContentType(compression.filter);
  const appRouterVary = [RSC_HEADER, NEXT_ROUTER_STATE_TREE_HEADER, NEXT_ROUTER_PREFETCH_HEADER, NEXT_ROUTER_SEGMENT_PREFETCH_HEADER].join(', ');
  try {
    return await createFastPath({
      appDir: path.join(process.cwd(), 'app'),
      distDir: path.join(process.cwd(), '.next'),
      origin: { hostname: 'localhost', port },
      decorate(request, response) {
        if (worthCompressing(request.url ?? '/')) {
          compress(request, response, () => {});
          // Only a compressing answer has a zlib stream to free when the client goes away early.
          response.once('close', () => {
            if (!response.writableFinished) releaseCompressionStream(response);
          });
        } else {
          // Offered no encoding, the middleware compresses nothing: what it still does, without a wrapper on every write.
          // (A field set to undefined is absent to every reader; deleting one would turn the object into a slow map.)
          request.headers['accept-encoding'] = undefined;
          compressionPassThrough(request, response, compressible);
        }
        // What Next's server sets on every app-directory answer (no route here can be intercepted).
        response.appendHeader('vary', appRouterVary);
        if (request.headers[NEXT_URL] !== undefined) request.headers[NEXT_URL] = undefined;
      },
      onError: (err, context) => log.error({ err, ...context }, 'API route handler failed, or left to Next'),
    });
  } catch (err) {
    log.warn({ err }, 'API fast path off: Next serves the API surfaces');
    return undefined;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
