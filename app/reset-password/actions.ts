'use server';

import { requireFormArguments } from '@/app/dashboard/_lib/action';
import { getDb } from '@/db/client';
import { resetPassword } from '@/lib/auth/password-reset';
import { continueTo, type Continuation } from '../_lib/navigation';

export interface ResetPasswordState extends Continuation {
  error?: string;
  /** The link no longer works (spent, expired or unknown): the page offers a new one instead of the form. */
  linkInvalid?: boolean;
}

export async function resetPasswordAction(previous: ResetPasswordState, formData: FormData): Promise<ResetPasswordState> {
  requireFormArguments(previous, formData, '/reset-password');
  const token = formData.get('token');
  const password = formData.get('password');
  if (typeof token !== 'string' || !token || token.length > 200) return { linkInvalid: true };
  if (typeof password !== 'string') return { error: 'Enter a new password.' };
  const outcome = await resetPassword(getDb(), { token, password });
  if (!outcome.ok) return outcome.reason === 'INVALID_LINK' ? { linkInvalid: true } : { error: outcome.message };
  return continueTo('/login?reset=done');
}
