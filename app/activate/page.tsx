import type { Metadata } from 'next';
import Link from 'next/link';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { ActivateFlow } from '@/components/activate/activate-flow';
import { merchantLocations } from '@/lib/tenancy/merchants';
import { can } from '@/lib/tenancy/roles';
import { asDashboardUser } from '@/lib/tenancy/users';

export const metadata: Metadata = { title: 'Connect a device' };

/** The device flow's verification_uri (docs/contract.md#surfaces, docs/contract.md#dashboard-names); `?user_code=` (verification_uri_complete) prefills the code. */
export default async function ActivatePage({ searchParams }: { searchParams: Promise<{ user_code?: string | string[] }> }) {
  const { user_code: raw } = await searchParams;
  const userCode = (Array.isArray(raw) ? raw[0] : raw)?.slice(0, 40) ?? '';
  const user = await requireUser(undefined, userCode ? `/activate?user_code=${encodeURIComponent(userCode)}` : '/activate');
  const member = asDashboardUser(user);
  const allowed = member && 'merchantId' in member && can(member, 'devices.manage') ? member : undefined;
  const locations = allowed ? await merchantLocations(getDb(), allowed) : [];
  return (
    <main className="flex min-h-screen items-center justify-center px-3 py-6">
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <Link href="/dashboard" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          ← Back to the dashboard
        </Link>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Counterpart</p>
        <h1 className="mt-1 mb-2 text-xl font-semibold">Connect a device</h1>
        {allowed ? (
          <>
            <p className="mb-6 text-sm text-stone-600">Enter the code your point-of-sale shows to let it work with your locations.</p>
            <ActivateFlow initialUserCode={userCode} locations={locations.map((location) => ({ locationId: location.id, name: location.name }))} />
          </>
        ) : (
          <p className="text-sm text-stone-600">Only a merchant's owners and managers can connect devices. Sign in with such an account.</p>
        )}
      </div>
    </main>
  );
}
