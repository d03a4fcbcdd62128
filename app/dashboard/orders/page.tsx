import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { EmptyState, PageHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Orders' };

export default async function OrdersPage() {
  await requireUser(['MERCHANT'], '/dashboard/orders');
  return (
    <>
      <PageHeader title="Orders" description="Live board of your locations' orders by status." />
      <EmptyState>This page is being built; it will show this once its API lands.</EmptyState>
    </>
  );
}
