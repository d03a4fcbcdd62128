import type { ReactNode } from 'react';
import { requireUser } from '@/auth';
import { NavLinks } from '@/components/dashboard/nav-links';
import { navigationFor } from '@/components/dashboard/navigation';
import { signOutAction } from './actions';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser(undefined, '/dashboard');
  return (
    <div className="min-h-screen">
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-6 px-6 py-3">
          <div className="flex items-center gap-6">
            <span className="font-semibold text-brand-700">Counterpart</span>
            <NavLinks items={navigationFor(user.role)} />
          </div>
          <form action={signOutAction} className="flex items-center gap-3 text-sm text-stone-600">
            <span title={user.role}>{user.name ?? user.email}</span>
            <button type="submit" className="rounded-md px-2 py-1 hover:bg-stone-100">
              Sign out
            </button>
          </form>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-6 py-8">{children}</main>
    </div>
  );
}
