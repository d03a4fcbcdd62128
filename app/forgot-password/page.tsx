import type { Metadata } from 'next';
import { ForgotPasswordForm } from '@/components/auth/forgot-password-form';

export const metadata: Metadata = { title: 'Forgot password' };

export default function ForgotPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Counterpart</p>
        <h1 className="mt-1 mb-2 text-xl font-semibold">Forgot your password?</h1>
        <p className="mb-6 text-sm text-stone-600">Enter the email you sign in with and we will send you a link to choose a new password.</p>
        <ForgotPasswordForm />
      </div>
    </main>
  );
}
