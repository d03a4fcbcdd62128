import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { EmptyState, PageHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Bookings' };

export default async function BookingsPage() {
  await requireUser(['MERCHANT'], '/dashboard/bookings');
  return (
    <>
      <PageHeader title="Bookings" description="Bookings of each location by day." />
      <EmptyState>This page is being built; it will show this once its API lands.</EmptyState>
    </>
  );
}
