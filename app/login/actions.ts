'use server';

import { AuthError } from 'next-auth';
import { requireFormArguments } from '@/app/dashboard/_lib/action';
import { signIn } from '@/auth';

export interface SignInState {
  error?: string;
  /** The email sent, shown again after a refusal (never the password). */
  email?: string;
}

/** Only same-site paths may be returned to after sign-in (no open redirects). */
function safeCallback(value: FormDataEntryValue | null): string {
  const path = typeof value === 'string' ? value : '';
  return path.startsWith('/') && !path.startsWith('//') ? path : '/dashboard';
}

export async function signInAction(previous: SignInState, formData: FormData): Promise<SignInState> {
  requireFormArguments(previous, formData, '/login');
  try {
    await signIn('credentials', {
      email: formData.get('email'),
      password: formData.get('password'),
      redirectTo: safeCallback(formData.get('callbackUrl')),
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
  return {};
}
