import type { Metadata } from 'next';
import { ResetLinkInvalid, ResetPasswordForm } from '@/components/auth/reset-password-form';
import { getDb } from '@/db/client';
import { passwordResetAccount } from '@/lib/auth/password-reset';

// The link's token is in this page's address: no Referer carries it anywhere.
export const metadata: Metadata = { title: 'Choose a new password', referrer: 'no-referrer' };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const presented = typeof token === 'string' && token.length <= 200 ? token : undefined;
  const account = presented ? await passwordResetAccount(getDb(), presented) : undefined;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Counterpart</p>
        <h1 className="mt-1 mb-6 text-xl font-semibold">Choose a new password</h1>
        {account && presented ? <ResetPasswordForm token={presented} email={account.email} /> : <ResetLinkInvalid />}
      </div>
    </main>
  );
}
