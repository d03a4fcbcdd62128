'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { requireFormArguments, requireMember } from '@/app/dashboard/_lib/action';
import { getDb } from '@/db/client';
import { approveDevice, checkUserCode, denyDevice } from '@/lib/auth/device-approval';
import { clientAddress } from '@/lib/http/handler-context';

export type ActivateState =
  | { step: 'enter'; userCode: string; error?: string }
  | { step: 'choose'; userCode: string; partnerName: string; error?: string }
  | { step: 'done'; decision: 'APPROVED' | 'DENIED'; partnerName: string };

const formSchema = z.object({
  intent: z.enum(['continue', 'approve', 'deny']),
  userCode: z.string().trim().max(40).default(''),
  locationIds: z.array(z.string().max(50)).max(100),
});

async function requestAddress(): Promise<string> {
  return clientAddress(await headers());
}

/**
 * /activate (RFC 8628 §3.3, docs/contract.md#device-flow and docs/contract.md#dashboard-names): the signed-in merchant enters the user code, sees which POS asks,
 * and approves it for some of their locations or denies it. Every code check goes through the brute-force lockout.
 */
export async function activateAction(previous: ActivateState, formData: FormData): Promise<ActivateState> {
  requireFormArguments(previous, formData, '/activate');
  // Connecting a POS is a manager's (docs/domain.md#merchant-teams); within the locations the member reaches.
  const user = await requireMember('devices.manage', '/activate');
  const parsed = formSchema.safeParse({
    intent: formData.get('intent'),
    userCode: formData.get('userCode') ?? undefined,
    locationIds: formData.getAll('locationIds'),
  });
  if (!parsed.success) return { step: 'enter', userCode: '', error: 'Enter the code shown on the device.' };
  const { intent, userCode, locationIds } = parsed.data;
  const db = getDb();
  const source = { userId: user.id, address: await requestAddress() };

  if (intent === 'continue') {
    if (!userCode) return { step: 'enter', userCode, error: 'Enter the code shown on the device.' };
    const check = await checkUserCode(db, userCode, source);
    if (!check.ok) return { step: 'enter', userCode, error: check.message };
    return { step: 'choose', userCode: check.device.userCode, partnerName: check.device.partnerName };
  }
  const decision = { userCode, user: { id: user.id, merchantId: user.merchantId, locationIds: user.locationIds }, source };
  const result = intent === 'approve' ? await approveDevice(db, { ...decision, locationIds }) : await denyDevice(db, decision);
  if (!result.ok) {
    const partnerName = previous.step === 'choose' ? previous.partnerName : '';
    return partnerName ? { step: 'choose', userCode, partnerName, error: result.message } : { step: 'enter', userCode, error: result.message };
  }
  return { step: 'done', decision: intent === 'approve' ? 'APPROVED' : 'DENIED', partnerName: result.partnerName };
}
