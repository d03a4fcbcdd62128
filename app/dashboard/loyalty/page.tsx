import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { EmptyState, PageHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Loyalty' };

export default async function LoyaltyPage() {
  await requireUser(['MERCHANT'], '/dashboard/loyalty');
  return (
    <>
      <PageHeader title="Loyalty" description="Card-linked loyalty activation for your locations." />
      <EmptyState>This page is being built; it will show this once its API lands.</EmptyState>
    </>
  );
}
