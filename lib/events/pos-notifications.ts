import type { IncomingMessage, Server } from 'node:http';
import type { DatabaseHandle } from '@/db/client';

/** The POS WebSocket `/connect/pos/notifications/{locationId}` (CONTRACT §7). */
export function attachPosNotifications(server: Server, handle: DatabaseHandle) {
  void server;
  void handle;
  return {
    handles: (request: IncomingMessage) => Boolean(request.url?.startsWith('/connect/pos/notifications/')) && false,
    close: async () => {},
  };
}
