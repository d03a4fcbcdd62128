'use client';

import Link from 'next/link';
import { useActionState } from 'react';
import { acceptInvitationAction, type AcceptInvitationState } from '@/app/accept-invitation/actions';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';

/** What the page says when an invitation link does not work (used, expired, withdrawn, replaced, unknown). */
export function InvitationRefused({ message }: { message: string }) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
        {message}
      </p>
      <Link href="/login" className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
        Go to sign-in
      </Link>
    </div>
  );
}

export function AcceptInvitationForm({ token, email, roleName }: { token: string; email: string; roleName: string }) {
  const [state, action, pending] = useActionState<AcceptInvitationState, FormData>(acceptInvitationAction, {});
  if (state.refused) return <InvitationRefused message={state.refused} />;
  if (state.joined) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700">
          You joined the team. Sign in as {state.joined} with your new password.
        </p>
        <Link href="/login" className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      {/* Lets a password manager file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <p className="text-sm text-stone-600">
        As <span className="font-medium text-stone-900">{roleName}</span>, signing in as <span className="font-medium text-stone-900">{email}</span>
      </p>
      <Field label="Your name" htmlFor="name" hint="Shown to your team and in order histories.">
        <Input id="name" name="name" autoComplete="name" maxLength={200} />
      </Field>
      <Field label="Password" htmlFor="password" error={state.error} hint="At least 12 characters. A few unrelated words make a strong one.">
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          maxLength={200}
          {...describedBy('password', state.error)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Joining…' : 'Join the team'}
      </Button>
    </form>
  );
}
