'use server';

import { z } from 'zod';
import { MERCHANT_ALERTS, type MerchantAlertKind } from '@/lib/alerts/kinds';
import { setAlertPreferences } from '@/lib/alerts/preferences';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { dashboardAction } from '../_lib/action';

// A checked box sends its name with "on"; an unchecked one sends nothing.
const alertsForm = z.object(
  Object.fromEntries(MERCHANT_ALERTS.map(({ kind }) => [kind, z.literal('on').optional()])) as Record<MerchantAlertKind, z.ZodOptional<z.ZodLiteral<'on'>>>,
);

/** The signed-in user's own email alerts: nobody else's can be named here. */
export const saveAlertPreferencesAction = dashboardAction(
  { roles: MERCHANT_ROLES, permission: 'alerts.receive', page: '/dashboard/account', schema: alertsForm, audit: 'alerts.preferences' },
  async ({ db, user, input, audit }) => {
    const on = new Set(MERCHANT_ALERTS.map(({ kind }) => kind).filter((kind) => input[kind] === 'on'));
    await setAlertPreferences(db, user.id, on);
    Object.assign(audit, { targetType: 'user', targetId: user.id, after: { on: [...on] } });
    return 'Email alerts saved.';
  },
);
