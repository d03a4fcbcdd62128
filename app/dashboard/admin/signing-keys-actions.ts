'use server';

import { z } from 'zod';
import { rotateSigningKeys } from '@/lib/auth/key-rotation';
import { dashboardAction } from '../_lib/action';

const rotateForm = z.object({});

/**
 * Starts signing with a new key (the lib function `POST /manage/signing-keys/rotate` calls); the old one stays in the
 * JWKS until its last token expired. Audited like every console change, naming the new key.
 */
export const rotateSigningKeyAction = dashboardAction(
  { roles: ['ADMIN'], page: '/dashboard/admin', schema: rotateForm, audit: 'signing-key.rotate' },
  async ({ db, audit }) => {
    const { kid } = await rotateSigningKeys(db);
    Object.assign(audit, { targetType: 'signing-key', targetId: kid, after: { kid } });
    return `Signing with key ${kid}.`;
  },
);
