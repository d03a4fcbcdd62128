import type { Metadata } from 'next';
import Link from 'next/link';
import { LoginForm } from '@/components/auth/login-form';
import { returnPath } from '@/lib/http/return-address';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[]; reset?: string | string[] }> }) {
  const { callbackUrl, reset } = await searchParams;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Counterpart</p>
        <h1 className="mt-1 mb-6 text-xl font-semibold">Sign in to your dashboard</h1>
        {reset === 'done' ? (
          <p role="status" className="mb-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700">
            Your password was changed and every other session signed out. Sign in with the new password.
          </p>
        ) : null}
        <LoginForm callbackUrl={returnPath(callbackUrl)} />
        {/* docs/contract.md#dashboard-names: the sign-in page offers Forgot password?. */}
        <p className="mt-4 text-center text-sm">
          <Link href="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2">
            Forgot password?
          </Link>
        </p>
      </div>
    </main>
  );
}
