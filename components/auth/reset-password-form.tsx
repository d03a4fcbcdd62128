'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { resetPasswordAction, type ResetPasswordState } from '@/app/reset-password/actions';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';
import { useContinueTo } from './use-continue-to';

/** What the page says when a reset link no longer works. */
export function ResetLinkInvalid() {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
        This link no longer works: it was already used, it expired (links work for an hour), or a newer link replaced it.
      </p>
      <Link href="/forgot-password" className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
        Ask for a new link
      </Link>
    </div>
  );
}

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, action, submitting] = useActionState<ResetPasswordState, FormData>(resetPasswordAction, {});
  const pending = useContinueTo(state) || submitting;
  if (state.linkInvalid) return <ResetLinkInvalid />;
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      {/* Lets a password manager file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <p className="text-sm text-stone-600">
        For <span className="font-medium text-stone-900">{email}</span>
      </p>
      <Field label="New password" htmlFor="password" error={state.error} hint="At least 12 characters. A few unrelated words make a strong one.">
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          maxLength={200}
          autoFocus
          {...describedBy('password', state.error)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Saving…' : 'Set new password'}
      </Button>
    </form>
  );
}
