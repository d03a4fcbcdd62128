'use server';

import { revalidatePath } from 'next/cache';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { rotateSigningKeys } from '@/lib/auth/key-rotation';

/** Starts signing with a new key; the old one stays in the JWKS until its last token expired. */
export async function rotateSigningKeyAction(): Promise<void> {
  await requireUser(['ADMIN'], '/dashboard/admin');
  await rotateSigningKeys(getDb());
  revalidatePath('/dashboard/admin');
}
