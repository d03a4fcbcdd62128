'use server';

import { AuthError } from 'next-auth';
import { requireFormArguments } from '@/app/dashboard/_lib/action';
import { signIn } from '@/auth';
import { notFound } from 'next/navigation';
import { SSO_PROVIDER_ID, singleSignOnSettings } from '@/lib/auth/single-sign-on';
import { returnPath } from '@/lib/http/return-address';
import { continueTo, type Continuation } from '../_lib/navigation';

export interface SignInState extends Continuation {
  error?: string;
  /** The email sent, shown again after a refusal (never the password). */
  email?: string;
}

export async function signInAction(previous: SignInState, formData: FormData): Promise<SignInState> {
  requireFormArguments(previous, formData, '/login');
  // Only a path on this site may be returned to after sign-in (no open redirects).
  const destination = returnPath(formData.get('callbackUrl'));
  try {
    await signIn('credentials', {
      email: formData.get('email'),
      password: formData.get('password'),
      redirectTo: destination,
      redirect: false,
    });
  } catch (error) {
    if (error instanceof AuthError) {
      return {
        email: typeof formData.get('email') === 'string' ? String(formData.get('email')).slice(0, 320) : undefined,
        error:
          (error as AuthError & { code?: string }).code === 'too_many_attempts'
            ? 'Too many attempts. Wait a minute and try again.'
            : 'Email or password is incorrect.',
      };
    }
    throw error;
  }
  return continueTo(destination);
}

/** "Sign in with <OIDC_NAME>": off to the OpenID provider, back at /api/auth/callback/oidc, then to `callbackUrl`. */
export async function singleSignOnAction(formData: FormData): Promise<void> {
  if (!(formData instanceof FormData) || !singleSignOnSettings()) notFound();
  await signIn(SSO_PROVIDER_ID, { redirectTo: returnPath(formData.get('callbackUrl')) });
}
