import { notFound, redirect } from 'next/navigation';
import { requireUser } from '@/auth';
import { navigationFor } from '@/components/dashboard/navigation';

export default async function DashboardHome() {
  const user = await requireUser(undefined, '/dashboard');
  const first = navigationFor(user.role)[0];
  if (!first) notFound();
  redirect(first.href);
}
