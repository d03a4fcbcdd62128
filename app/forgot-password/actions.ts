'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { requireFormArguments } from '@/app/dashboard/_lib/action';
import { getDb } from '@/db/client';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { clientAddress } from '@/lib/http/handler-context';

export interface ForgotPasswordState {
  /** The same answer for every email (it never says whether one has an account). */
  sent?: boolean;
  error?: string;
  email?: string;
}

const emailField = z.email().max(320);

export async function forgotPasswordAction(previous: ForgotPasswordState, formData: FormData): Promise<ForgotPasswordState> {
  requireFormArguments(previous, formData, '/forgot-password');
  const raw = formData.get('email');
  const email = emailField.safeParse(typeof raw === 'string' ? raw.trim() : raw);
  if (!email.success) return { error: 'Enter the email address you sign in with.', email: typeof raw === 'string' ? raw.slice(0, 320) : undefined };
  const outcome = await requestPasswordReset(getDb(), { email: email.data, address: clientAddress(await headers()) });
  if (outcome === 'TOO_MANY_ATTEMPTS') return { error: 'Too many attempts. Wait a minute and try again.', email: email.data };
  return { sent: true, email: email.data };
}
