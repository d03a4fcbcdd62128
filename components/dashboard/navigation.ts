import { can, isMerchantRole, type Permission } from '@/lib/tenancy/roles';
import type { UserRole } from '@/lib/tenancy/users';

export interface NavItem {
  href: string;
  label: string;
}

// docs/contract.md#dashboard-names: the dashboard pages; a merchant member sees those its role allows
// (docs/domain.md#merchant-teams).
const merchantItems: (NavItem & { permission: Permission })[] = [
  { href: '/dashboard/orders', label: 'Orders', permission: 'board.view' },
  { href: '/dashboard/tables', label: 'Tables', permission: 'tables.edit' },
  { href: '/dashboard/bookings', label: 'Bookings', permission: 'bookings.host' },
  { href: '/dashboard/loyalty', label: 'Loyalty', permission: 'loyalty.manage' },
  { href: '/dashboard/devices', label: 'Devices', permission: 'devices.manage' },
  { href: '/dashboard/team', label: 'Team', permission: 'team.manage' },
];

const itemsByRole: Partial<Record<UserRole, NavItem[]>> = {
  LOYALTY_PARTNER: [{ href: '/dashboard/onboarding', label: 'Onboarding' }],
  ADMIN: [{ href: '/dashboard/admin', label: 'Admin' }],
};

export const navigationFor = (role: UserRole): NavItem[] =>
  isMerchantRole(role) ? merchantItems.filter((item) => can({ role }, item.permission)).map(({ href, label }) => ({ href, label })) : (itemsByRole[role] ?? []);
