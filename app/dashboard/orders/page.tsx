import type { Metadata } from 'next';
import { BoardAvailability } from '@/components/availability/board-availability';
import { OrdersBoard } from '@/components/orders/orders-board';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { boardOrders, merchantLocations, posOnlineLocations } from '@/lib/orders/board-view';
import { can } from '@/lib/tenancy/roles';
import { requireMember } from '../_lib/action';

export const metadata: Metadata = { title: 'Orders' };
export const dynamic = 'force-dynamic';

/** The orders board is the screen: its own toolbar carries the title, so the first ticket stands near the top. */
export default async function OrdersPage() {
  const user = await requireMember('board.view', '/dashboard/orders');
  const locations = await merchantLocations(getDb(), user);
  if (!locations.length) {
    return (
      <>
        <PageHeader title="Orders" description="Live board of your locations' orders." />
        <EmptyState>Your account has no locations yet.</EmptyState>
      </>
    );
  }
  const [board, posOnline] = await Promise.all([
    boardOrders(getDb(), user),
    posOnlineLocations(
      getDb(),
      locations.map((location) => location.id),
    ),
  ]);
  return (
    <OrdersBoard
      locations={locations}
      initial={{ ...board, posOnline }}
      settings={can(user, 'board.settings')}
      banners={<BoardAvailability member={user} settings={can(user, 'availability.edit')} />}
    />
  );
}
