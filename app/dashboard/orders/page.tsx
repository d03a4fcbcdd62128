import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { BoardAvailability } from '@/components/availability/board-availability';
import { OrdersBoard } from '@/components/orders/orders-board';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { boardOrders, merchantLocations, posOnlineLocations } from '@/lib/orders/board-view';

export const metadata: Metadata = { title: 'Orders' };
export const dynamic = 'force-dynamic';

/** The orders board is the screen: its own toolbar carries the title, so the first ticket stands near the top. */
export default async function OrdersPage() {
  const user = await requireUser(['MERCHANT'], '/dashboard/orders');
  const locations = user.merchantId ? await merchantLocations(getDb(), user.merchantId) : [];
  if (!locations.length || !user.merchantId) {
    return (
      <>
        <PageHeader title="Orders" description="Live board of your locations' orders." />
        <EmptyState>Your account has no locations yet.</EmptyState>
      </>
    );
  }
  const [board, posOnline] = await Promise.all([
    boardOrders(getDb(), user.merchantId),
    posOnlineLocations(
      getDb(),
      locations.map((location) => location.id),
    ),
  ]);
  return <OrdersBoard locations={locations} initial={{ ...board, posOnline }} banners={<BoardAvailability merchantId={user.merchantId} />} />;
}
