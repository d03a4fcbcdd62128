/**
 * What each member of a merchant's team may do (docs/domain.md#merchant-teams). The one table every dashboard page,
 * action, list and the navigation asks through `can`; which locations a member reaches is lib/tenancy/scope.ts's.
 */
export const MERCHANT_ROLES = ['OWNER', 'MANAGER', 'STAFF'] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];

export const isMerchantRole = (role: unknown): role is MerchantRole => (MERCHANT_ROLES as readonly unknown[]).includes(role);

/** The dashboard's areas and the changes made in them. */
export type Permission =
  | 'board.view' // the live orders board: moving tickets, pause and busy mode for the rush
  | 'board.settings' // ticket timers, sample orders
  | 'bookings.host' // the bookings day and its host actions (seat, move, walk-ins)
  | 'bookings.decide' // accepting and rejecting booking requests
  | 'tables.edit' // the floor: sections and tables
  | 'loyalty.manage' // loyalty activation and reward limits
  | 'devices.manage' // connecting (on /activate) and disconnecting POS devices
  | 'availability.edit' // opening hours, special days, the POS-offline rule
  | 'alerts.receive' // email alerts about the merchant's locations (docs/domain.md#email-alerts), each turned off on /dashboard/account
  | 'team.manage'; // members, invitations, roles and locations

const STAFF: readonly Permission[] = ['board.view', 'bookings.host'];
const MANAGER: readonly Permission[] = [
  ...STAFF,
  'board.settings',
  'bookings.decide',
  'tables.edit',
  'loyalty.manage',
  'devices.manage',
  'availability.edit',
  'alerts.receive',
];
const OWNER: readonly Permission[] = [...MANAGER, 'team.manage'];

const permissionsOf: Record<MerchantRole, ReadonlySet<Permission>> = {
  OWNER: new Set(OWNER),
  MANAGER: new Set(MANAGER),
  STAFF: new Set(STAFF),
};

/** Whether a member with this role may do `permission`; anyone who is not a merchant member may do none of it. */
export function can(caller: { role?: string } | undefined, permission: Permission): boolean {
  return isMerchantRole(caller?.role) && permissionsOf[caller.role].has(permission);
}

export const roleLabel: Record<MerchantRole, string> = { OWNER: 'Owner', MANAGER: 'Manager', STAFF: 'Staff' };
