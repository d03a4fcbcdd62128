import { redirect } from 'next/navigation';
import { requireUser } from '@/auth';
import { navigationFor } from '@/components/dashboard/navigation';

export default async function DashboardHome() {
  const user = await requireUser(undefined, '/dashboard');
  redirect(navigationFor(user.role)[0]!.href);
}
