import type { DatabaseHandle } from '@/db/client';
import { resetConfig } from '@/lib/config';
import { attachPosNotifications } from '@/lib/events/pos-notifications';
import { startRouteServer, type RouteServer } from '@/lib/testing/route-server';
import * as bookingItem from '@/app/connect/bookings/[bookingId]/route';
import * as bookingCollection from '@/app/connect/bookings/route';
import * as eventsFeed from '@/app/connect/events/route';
import * as availability from '@/app/connect/locations/[locationId]/availability/route';
import * as orderItem from '@/app/connect/orders/[orderId]/route';
import * as orderCollection from '@/app/connect/orders/route';
import * as tableItem from '@/app/connect/tables/[tableId]/route';
import * as tableCollection from '@/app/connect/tables/route';
import * as deviceCode from '@/app/oauth/device/code/route';
import * as token from '@/app/oauth/token/route';

/**
 * The partner API and the token endpoint over real HTTP, with the POS WebSocket, for partners built on
 * @counterpart/client (the simulators): what they reach of a running server, without a Next build. PUBLIC_URL is set
 * to its origin (with `config`), so tokens and URIs point back to it.
 */
export async function startPartnerApiServer(handle: DatabaseHandle, config: Record<string, string> = {}): Promise<RouteServer> {
  const server = await startRouteServer(
    {
      '/oauth/token': token,
      '/oauth/device/code': deviceCode,
      '/connect/orders': orderCollection,
      '/connect/orders/[orderId]': orderItem,
      '/connect/events': eventsFeed,
      '/connect/locations/[locationId]/availability': availability,
      '/connect/tables': tableCollection,
      '/connect/tables/[tableId]': tableItem,
      '/connect/bookings': bookingCollection,
      '/connect/bookings/[bookingId]': bookingItem,
    },
    {
      attach: (http) => {
        const notifications = attachPosNotifications(http, handle, { helloTimeoutMs: 5000, pingIntervalMs: 60_000 });
        return () => notifications.close();
      },
    },
  );
  resetConfig({ ...config, PUBLIC_URL: server.origin });
  return server;
}
