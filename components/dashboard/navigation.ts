import type { UserRole } from '@/lib/tenancy/users';

export interface NavItem {
  href: string;
  label: string;
}

// docs/contract.md#dashboard-names: the dashboard pages, shown to the roles that use them.
const itemsByRole: Record<UserRole, NavItem[]> = {
  MERCHANT: [
    { href: '/dashboard/orders', label: 'Orders' },
    { href: '/dashboard/tables', label: 'Tables' },
    { href: '/dashboard/bookings', label: 'Bookings' },
    { href: '/dashboard/loyalty', label: 'Loyalty' },
    { href: '/dashboard/devices', label: 'Devices' },
    { href: '/dashboard/account', label: 'Account' },
  ],
  LOYALTY_PARTNER: [{ href: '/dashboard/onboarding', label: 'Onboarding' }],
  ADMIN: [{ href: '/dashboard/admin', label: 'Admin' }],
};

export const navigationFor = (role: UserRole): NavItem[] => itemsByRole[role];
