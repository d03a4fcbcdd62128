import { createServer, type AddressInfo, connect, type Socket } from 'node:net';

export type ProxyMode = 'open' | 'refuse' | 'silent';

export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  route(url: string): string;
  /**
   * Cuts the link: every open connection is destroyed, then new ones are reset at once (`refuse`, as a stopped
   * server) or accepted and never answered (`silent`, as a network that drops packets).
   */
  cut(mode: Exclude<ProxyMode, 'open'>): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy on 127.0.0.1 in front of `target`, for simulating database outages. */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'open';
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = createServer((client) => {
    track(client);
    if (mode === 'refuse') return void client.resetAndDestroy();
    if (mode === 'silent') return; // held open, never forwarded
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port,
    route(url) {
      const routed = new URL(url);
      routed.hostname = '127.0.0.1';
      routed.port = String(port);
      return routed.toString();
    },
    cut(next) {
      mode = next;
      destroyAll();
    },
    restore() {
      mode = 'open';
      destroyAll(); // connections held by a silent cut never carried anything
    },
    async close() {
      destroyAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
