'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { forgotPasswordAction, type ForgotPasswordState } from '@/app/forgot-password/actions';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<ForgotPasswordState, FormData>(forgotPasswordAction, {});
  if (state.sent) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700">
          If an account uses {state.email}, we have sent it a link to choose a new password. The link works once, within an hour.
        </p>
        <p className="text-sm text-stone-600">No mail? Check the spam folder, or ask again in a minute.</p>
        <Link href="/login" className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-4">
      <Field label="Email" htmlFor="email" error={state.error}>
        <Input
          key={state.email ?? ''}
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          defaultValue={state.email}
          {...describedBy('email', state.error)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Sending…' : 'Send reset link'}
      </Button>
      <Link href="/login" className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
        Back to sign in
      </Link>
    </form>
  );
}
