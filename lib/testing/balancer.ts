import { request } from 'node:http';
import { createServer, type AddressInfo, connect, type Socket } from 'node:net';

export interface BalancerTarget {
  host: string;
  port: number;
}

export interface BalancerOptions {
  /**
   * A readiness check, as a real balancer's: `GET <path>` on each target every `intervalMs`; a target that answers
   * anything but 2xx (a draining instance's 503), or fails to answer (within `timeoutMs`) `failures` times in a row,
   * gets no new connections until it answers 2xx again. When no target passes, every target that is not marked down
   * is tried ("fail open", as most balancers do). Without it, only `markDown` and refused connections keep a target out.
   */
  readiness?: { path: string; intervalMs?: number; timeoutMs?: number; failures?: number };
}

export interface Balancer {
  port: number;
  /** `http://127.0.0.1:<port>`: what clients (and PUBLIC_URL) use. */
  origin: string;
  /** Stops sending new connections to target `index`; connections already open to it stay. */
  markDown(index: number): void;
  markUp(index: number): void;
  /** Whether target `index` gets new connections (neither marked down nor failing its readiness check). */
  routable(index: number): boolean;
  /** Client connections per target, and those still waiting for a target to accept (with how long they have waited). */
  connections(): { perTarget: number[]; waiting: { target: number; ms: number }[] };
  /** The target a client connection was sent to, by the client's local port (`socket.localPort`). */
  targetOf(clientPort: number): number | undefined;
  close(): Promise<void>;
}

/**
 * A round-robin TCP balancer on 127.0.0.1, as a load balancer without sticky sessions puts several Counterpart
 * instances behind one address. It works on connections, not requests: each new client connection goes to the next
 * target that is up, and the bytes pass through untouched, so WebSocket upgrades and SSE streams work as they would
 * behind a real one (and stay on the instance they started on). A target that refuses the connection (a crashed
 * process) is skipped for that connection, as a balancer's failed health check would; when every target refuses, the
 * client is reset.
 */
export async function roundRobinBalancer(targets: BalancerTarget[], options: BalancerOptions = {}): Promise<Balancer> {
  const down = new Set<number>();
  const unready = new Set<number>();
  const sockets = new Set<Socket>();
  const targetByClientPort = new Map<number, number>();
  const waiting = new Map<Socket, { target: number; since: number }>();
  let next = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };

  const forward = (client: Socket, candidates: number[]) => {
    const index = candidates.shift();
    if (index === undefined) return void client.resetAndDestroy();
    const target = targets[index]!;
    const upstream = connect(target.port, target.host);
    track(upstream);
    waiting.set(client, { target: index, since: Date.now() });
    const failBeforeConnect = () => {
      waiting.delete(client);
      forward(client, candidates);
    };
    upstream.once('error', failBeforeConnect);
    upstream.once('connect', () => {
      waiting.delete(client);
      upstream.off('error', failBeforeConnect);
      targetByClientPort.set(client.remotePort!, index);
      client.pipe(upstream).pipe(client);
      client.resume();
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  };

  const routable = (index: number) => !down.has(index) && !unready.has(index);
  const candidates = () => {
    const order = targets.map((_, offset) => (next + offset) % targets.length);
    const ready = order.filter(routable);
    return ready.length ? ready : order.filter((index) => !down.has(index));
  };
  const missed = targets.map(() => 0);

  const { readiness } = options;
  /** The target's answer: ready (2xx), not ready (another status), or none (refused, timed out). */
  const probe = (index: number) =>
    new Promise<'ready' | 'unready' | 'none'>((resolve) => {
      const target = targets[index]!;
      const probing = request(
        { host: target.host, port: target.port, path: readiness!.path, agent: false, timeout: readiness!.timeoutMs ?? 2000 },
        (response) => {
          response.resume();
          resolve(response.statusCode! >= 200 && response.statusCode! < 300 ? 'ready' : 'unready');
        },
      );
      probing.on('timeout', () => probing.destroy());
      probing.on('error', () => resolve('none'));
      probing.end();
    });
  let probing = false;
  const checker = readiness
    ? setInterval(() => {
        if (probing) return;
        probing = true;
        void Promise.all(
          targets.map(async (_, index) => {
            const answer = await probe(index);
            missed[index] = answer === 'none' ? missed[index]! + 1 : 0;
            if (answer === 'ready') unready.delete(index);
            else if (answer === 'unready' || missed[index]! >= (readiness.failures ?? 3)) unready.add(index);
          }),
        ).finally(() => (probing = false));
      }, readiness.intervalMs ?? 250)
    : undefined;

  const server = createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    const clientPort = client.remotePort!;
    client.on('close', () => targetByClientPort.delete(clientPort));
    // The round starts at the next target in turn and tries each target that is up once.
    const order = candidates();
    next = (next + 1) % targets.length;
    forward(client, order);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    markDown: (index) => void down.add(index),
    markUp: (index) => void down.delete(index),
    routable,
    connections: () => {
      const perTarget = targets.map(() => 0);
      for (const index of targetByClientPort.values()) perTarget[index]! += 1;
      return { perTarget, waiting: [...waiting.values()].map(({ target, since }) => ({ target, ms: Date.now() - since })) };
    },
    targetOf: (clientPort) => targetByClientPort.get(clientPort),
    async close() {
      clearInterval(checker);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
