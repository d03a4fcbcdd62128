'use client';

import { useActionState } from 'react';
import { signInAction, type SignInState } from '@/app/login/actions';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useContinueTo } from './use-continue-to';

/** `callbackUrl`: where to go once signed in, already checked by the page (the action checks it again). */
export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, submitting] = useActionState<SignInState, FormData>(signInAction, {});
  const pending = useContinueTo(state) || submitting;
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field label="Email" htmlFor="email">
        <Input key={state.email ?? ''} id="email" name="email" type="email" autoComplete="username" required autoFocus defaultValue={state.email} />
      </Field>
      <Field label="Password" htmlFor="password">
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      {state.error ? (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
          {state.error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
