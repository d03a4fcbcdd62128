import { describe, expect, it } from 'vitest';
import { can, MERCHANT_ROLES, type Permission } from './roles';

const everything: Permission[] = [
  'board.view',
  'board.settings',
  'bookings.host',
  'bookings.decide',
  'tables.edit',
  'loyalty.manage',
  'devices.manage',
  'availability.edit',
  'team.manage',
];
const allowed = (role: string) => everything.filter((permission) => can({ role }, permission));

describe('can', () => {
  it('lets an owner do everything, the team included', () => {
    expect(allowed('OWNER')).toEqual(everything);
  });

  it('lets a manager run tables, sections, bookings, loyalty, devices, availability and the board, but not the team', () => {
    expect(allowed('MANAGER')).toEqual(everything.filter((permission) => permission !== 'team.manage'));
  });

  it('lets staff work the board and the bookings host view only', () => {
    expect(allowed('STAFF')).toEqual(['board.view', 'bookings.host']);
    expect(can({ role: 'STAFF' }, 'tables.edit')).toBe(false);
  });

  it('gives no merchant permission to anyone who is not a merchant member', () => {
    for (const role of ['ADMIN', 'LOYALTY_PARTNER', 'PARTNER_DEVELOPER', 'MERCHANT', undefined]) expect(allowed(role as string)).toEqual([]);
    expect(can(undefined, 'board.view')).toBe(false);
    expect(MERCHANT_ROLES).toEqual(['OWNER', 'MANAGER', 'STAFF']);
  });
});
