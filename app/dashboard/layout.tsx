import { LogOut, UserRound } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { requireUser } from '@/auth';
import { NavLinks } from '@/components/dashboard/nav-links';
import { navigationFor } from '@/components/dashboard/navigation';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { Toaster } from '@/components/ui/toaster';
import { can } from '@/lib/tenancy/roles';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser(undefined, '/dashboard');
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-screen-2xl items-center justify-between gap-3 px-3 py-2 sm:px-6">
          <div className="flex min-w-0 items-center gap-2 md:gap-4">
            <NavLinks items={navigationFor(user.role)} brand={<span className="font-semibold text-brand-700">Counterpart</span>} />
          </div>
          <form method="post" action="/sign-out" className="flex min-w-0 items-center gap-1 text-sm text-stone-600">
            {/* The signed-in person's own page (their email alerts) sits with their name, not among the team's pages. */}
            {can(user, 'alerts.receive') ? (
              <Link href="/dashboard/account" className="touch-target inline-flex min-w-0 items-center justify-center gap-2 rounded-md px-2 hover:bg-stone-100">
                <UserRound aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">Account</span>
                <span className="hidden max-w-48 truncate lg:inline">{user.name ?? user.email}</span>
              </Link>
            ) : (
              <span title={user.role} className="hidden max-w-48 truncate lg:inline">
                {user.name ?? user.email}
              </span>
            )}
            <ThemeToggle />
            <button type="submit" className="touch-target inline-flex items-center justify-center gap-2 rounded-md px-2 hover:bg-stone-100">
              <LogOut aria-hidden="true" className="size-4" />
              <span className="sr-only lg:not-sr-only">Sign out</span>
            </button>
          </form>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-screen-2xl px-3 py-6 focus:outline-none sm:px-6 sm:py-8">
        {children}
      </main>
      {/* Toasts (form successes) belong to the dashboard; sign-in and /activate load none of it. */}
      <Toaster />
    </div>
  );
}
