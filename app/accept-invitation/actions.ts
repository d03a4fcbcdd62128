'use server';

import { requireFormArguments } from '@/app/dashboard/_lib/action';
import { getDb } from '@/db/client';
import { acceptInvitation } from '@/lib/team/invitations';

export interface AcceptInvitationState {
  error?: string;
  /** The link no longer works: why, in words (the form gives way to it). */
  refused?: string;
  /** Joined: the email to sign in with. */
  joined?: string;
}

export async function acceptInvitationAction(previous: AcceptInvitationState, formData: FormData): Promise<AcceptInvitationState> {
  requireFormArguments(previous, formData, '/accept-invitation');
  const token = formData.get('token');
  const password = formData.get('password');
  const name = formData.get('name');
  if (typeof token !== 'string' || !token || token.length > 200) return { refused: 'This invitation link is not valid.' };
  if (typeof password !== 'string' || !password) return { error: 'Choose a password.' };
  const trimmed = typeof name === 'string' ? name.trim().slice(0, 200) : '';
  const outcome = await acceptInvitation(getDb(), { token, password, name: trimmed || undefined });
  if (outcome.ok) return { joined: outcome.email };
  return outcome.reason === 'WEAK_PASSWORD' ? { error: outcome.message } : { refused: outcome.message };
}
