import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { EmptyState, PageHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Tables' };

export default async function TablesPage() {
  await requireUser(['MERCHANT'], '/dashboard/tables');
  return (
    <>
      <PageHeader title="Tables" description="Sections and tables of each location, with their open sales." />
      <EmptyState>This page is being built; it will show this once its API lands.</EmptyState>
    </>
  );
}
