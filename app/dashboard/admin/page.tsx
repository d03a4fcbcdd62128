import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { EmptyState, PageHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Admin' };

export default async function AdminPage() {
  await requireUser(['ADMIN'], '/dashboard/admin');
  return (
    <>
      <PageHeader title="Admin" description="Activity, webhook deliveries, partners and clients." />
      <EmptyState>This page is being built; it will show this once its API lands.</EmptyState>
    </>
  );
}
