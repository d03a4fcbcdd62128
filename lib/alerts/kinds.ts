import type { merchantAlertKind } from '@/db/schema';

export type MerchantAlertKind = (typeof merchantAlertKind.enumValues)[number];

/** Every alert, as the account page lists it (docs/contract.md#dashboard-names). */
export const MERCHANT_ALERTS: readonly { kind: MerchantAlertKind; label: string; description: string }[] = [
  {
    kind: 'POS_OFFLINE',
    label: 'POS offline while orders wait',
    description: 'A location’s POS has been offline for a while and orders are waiting for it.',
  },
  {
    kind: 'POS_OFFLINE_PAUSE',
    label: 'Ordering paused because the POS is offline',
    description: 'The POS-offline rule paused ordering at a location.',
  },
  {
    kind: 'ORDERS_AUTO_REJECTED',
    label: 'Orders rejected automatically',
    description: 'Orders nobody accepted in time were rejected; at most one mail per location an hour.',
  },
];
