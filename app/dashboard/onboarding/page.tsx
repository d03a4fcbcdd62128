import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { EmptyState, PageHeader } from '@/components/ui/card';

export const metadata: Metadata = { title: 'Onboarding' };

export default async function OnboardingPage() {
  await requireUser(['LOYALTY_PARTNER'], '/dashboard/onboarding');
  return (
    <>
      <PageHeader title="Onboarding" description="Merchant onboarding requests waiting for your decision." />
      <EmptyState>This page is being built; it will show this once its API lands.</EmptyState>
    </>
  );
}
