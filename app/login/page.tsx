import type { Metadata } from 'next';
import { LoginForm } from '@/components/auth/login-form';
import { returnPath } from '@/lib/http/return-address';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const { callbackUrl } = await searchParams;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Counterpart</p>
        <h1 className="mt-1 mb-6 text-xl font-semibold">Sign in to your dashboard</h1>
        <LoginForm callbackUrl={returnPath(callbackUrl)} />
      </div>
    </main>
  );
}
