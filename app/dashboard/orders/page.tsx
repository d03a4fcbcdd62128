import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { BoardAvailability } from '@/components/availability/board-availability';
import { OrdersBoard } from '@/components/orders/orders-board';
import { SendSampleOrder } from '@/components/orders/send-sample-order';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { boardOrders, merchantLocations } from '@/lib/orders/board-view';

export const metadata: Metadata = { title: 'Orders' };
export const dynamic = 'force-dynamic';

export default async function OrdersPage() {
  const user = await requireUser(['MERCHANT'], '/dashboard/orders');
  const locations = user.merchantId ? await merchantLocations(getDb(), user.merchantId) : [];
  return (
    <>
      <PageHeader
        title="Orders"
        description="Live board of your locations' orders by status. New orders are rejected automatically if the POS does not answer in time."
        actions={<SendSampleOrder locations={locations} />}
      />
      <BoardAvailability merchantId={user.merchantId} />
      {locations.length && user.merchantId ? (
        <OrdersBoard locations={locations} initial={await boardOrders(getDb(), user.merchantId)} />
      ) : (
        <EmptyState>Your account has no locations yet.</EmptyState>
      )}
    </>
  );
}
