import type { Metadata } from 'next';
import Link from 'next/link';
import { LoginForm } from '@/components/auth/login-form';
import { Button } from '@/components/ui/button';
import { singleSignOnRefusalMessage, singleSignOnSettings } from '@/lib/auth/single-sign-on';
import { returnPath } from '@/lib/http/return-address';
import { singleSignOnAction } from './actions';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string | string[]; reset?: string | string[]; sso?: string | string[] }>;
}) {
  const { callbackUrl, reset, sso } = await searchParams;
  const singleSignOn = singleSignOnSettings();
  const refusal = singleSignOn && typeof sso === 'string' ? singleSignOnRefusalMessage(sso, singleSignOn.name) : undefined;
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
        {refusal ? (
          <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {refusal}
          </p>
        ) : null}
        <LoginForm callbackUrl={returnPath(callbackUrl)} />
        {singleSignOn ? (
          <form action={singleSignOnAction} className="mt-4 border-t border-stone-200 pt-4">
            <input type="hidden" name="callbackUrl" value={returnPath(callbackUrl)} />
            <Button type="submit" variant="secondary" className="w-full">
              Sign in with {singleSignOn.name}
            </Button>
          </form>
        ) : null}
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
