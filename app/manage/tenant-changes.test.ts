import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, dashboardSessions, locations, merchants, users } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { callRoute } from '@/lib/testing/http';
import { createPartner } from '@/lib/tenancy/partners';
import { createUser, startDashboardSession } from '@/lib/tenancy/users';
import * as locationRoute from './locations/[locationId]/route';
import * as merchantRoute from './merchants/[merchantId]/route';
import * as userRoute from './users/[userId]/route';
import * as disableRoute from './users/[userId]/disable/route';

// The operator's changes to merchants, locations and users through /manage: the same lib functions as the console's
// forms, each audited once with the state before and after.

const ADMIN_API_KEY = 'manage-tenant-changes-key-0123456789';
const { db } = useTestDatabase();
const call = (handler: typeof merchantRoute.PATCH, method: string, path: string, params: Record<string, string>, body?: unknown, token = ADMIN_API_KEY) =>
  callRoute(handler, method, path, { body, params, token });

const auditOf = (targetId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, targetId));

describe('management API: merchants, locations and users', () => {
  beforeEach(() => resetConfig({ ADMIN_API_KEY }));
  afterEach(() => resetConfig());

  describe('CRUD', () => {
    it('renames a merchant and audits the change once, before and after', async () => {
      const { merchant } = await createMerchantWithLocations(db(), 1);
      const response = await call(merchantRoute.PATCH, 'PATCH', `/manage/merchants/${merchant.id}`, { merchantId: merchant.id }, { name: 'Harbour Grill' });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({ id: merchant.id, name: 'Harbour Grill' });
      const [row] = await db().select().from(merchants).where(eq(merchants.id, merchant.id));
      expect(row!.name).toBe('Harbour Grill');
      const audit = await auditOf(merchant.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorType: 'admin-api',
        action: 'merchant.rename',
        targetType: 'merchant',
        before: { name: merchant.name },
        after: { name: 'Harbour Grill' },
      });
    });

    it("changes a location's name and time zone, keeping its id", async () => {
      const { locationIds } = await createMerchantWithLocations(db(), 1);
      const locationId = locationIds[0]!;
      const response = await call(locationRoute.PATCH, 'PATCH', `/manage/locations/${locationId}`, { locationId }, { timezone: 'Pacific/Auckland' });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toMatchObject({ locationId, timezone: 'Pacific/Auckland' });
      const [row] = await db().select().from(locations).where(eq(locations.id, locationId));
      expect(row!.timezone).toBe('Pacific/Auckland');
      const audit = await auditOf(locationId);
      expect(audit.map((entry) => entry.action)).toEqual(['location.update']);
      expect(audit[0]!.before).toMatchObject({ timezone: 'Australia/Sydney' });
    });

    it("changes a user's role, ends the user's sessions, and disables a user", async () => {
      const { merchant } = await createMerchantWithLocations(db(), 1);
      const reviewerOf = await createPartner(db(), { name: 'Stamps', type: 'LOYALTY' });
      const user = await createUser(db(), { email: 'maria@example.com', password: 'a long enough password 1', role: 'MANAGER', merchantId: merchant.id });
      await startDashboardSession(db(), user.id);

      const changed = await call(
        userRoute.PATCH,
        'PATCH',
        `/manage/users/${user.id}`,
        { userId: user.id },
        { role: 'LOYALTY_PARTNER', partnerId: reviewerOf.id },
      );
      expect(changed.status, await changed.clone().text()).toBe(200);
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ role: 'LOYALTY_PARTNER', partnerId: reviewerOf.id, merchantId: null });
      expect(await db().select().from(dashboardSessions).where(eq(dashboardSessions.userId, user.id))).toHaveLength(0);

      const disabled = await call(disableRoute.POST, 'POST', `/manage/users/${user.id}/disable`, { userId: user.id });
      expect(disabled.status, await disabled.clone().text()).toBe(200);
      const [after] = await db().select().from(users).where(eq(users.id, user.id));
      expect(after!.disabledAt).toBeInstanceOf(Date);
      expect((await auditOf(user.id)).map((entry) => entry.action).sort()).toEqual(['user.change-role', 'user.disable']);
    });
  });

  describe('Auth', () => {
    it('refuses a wrong key and changes nothing', async () => {
      const { merchant } = await createMerchantWithLocations(db(), 1);
      const response = await call(merchantRoute.PATCH, 'PATCH', `/manage/merchants/${merchant.id}`, { merchantId: merchant.id }, { name: 'X' }, 'wrong-key');
      expect(response.status).toBe(401);
      const [row] = await db().select().from(merchants).where(eq(merchants.id, merchant.id));
      expect(row!.name).toBe(merchant.name);
      expect(await auditOf(merchant.id)).toHaveLength(0);
    });
  });

  describe('Isolation', () => {
    it('renaming one merchant and editing its location leave another merchant and its locations as they were', async () => {
      const one = await createMerchantWithLocations(db(), 1);
      const other = await createMerchantWithLocations(db(), 1);
      await call(merchantRoute.PATCH, 'PATCH', `/manage/merchants/${one.merchant.id}`, { merchantId: one.merchant.id }, { name: 'Renamed' });
      await call(locationRoute.PATCH, 'PATCH', `/manage/locations/${one.locationIds[0]}`, { locationId: one.locationIds[0]! }, { name: 'Renamed place' });
      const [otherMerchant] = await db().select().from(merchants).where(eq(merchants.id, other.merchant.id));
      const [otherLocation] = await db().select().from(locations).where(eq(locations.id, other.locationIds[0]!));
      expect(otherMerchant!.name).toBe(other.merchant.name);
      expect(otherLocation!.name).not.toBe('Renamed place');
    });
  });

  describe('Validation', () => {
    it('answers 404 for an unknown merchant, location or user, and 422 for a role without its tenant or an empty change', async () => {
      const unknownMerchant = await call(merchantRoute.PATCH, 'PATCH', '/manage/merchants/nope', { merchantId: 'nope' }, { name: 'X' });
      expect(unknownMerchant.status).toBe(404);
      const unknownLocation = await call(locationRoute.PATCH, 'PATCH', '/manage/locations/nope', { locationId: 'nope' }, { name: 'X' });
      expect(unknownLocation.status).toBe(404);
      const unknownUser = await call(disableRoute.POST, 'POST', '/manage/users/nope/disable', { userId: 'nope' });
      expect(unknownUser.status).toBe(404);

      const { locationIds } = await createMerchantWithLocations(db(), 1);
      const empty = await call(locationRoute.PATCH, 'PATCH', `/manage/locations/${locationIds[0]}`, { locationId: locationIds[0]! }, {});
      expect(empty.status).toBe(400);
      const user = await createUser(db(), { email: 'sam@example.com', password: 'a long enough password 1', role: 'ADMIN' });
      const noMerchant = await call(userRoute.PATCH, 'PATCH', `/manage/users/${user.id}`, { userId: user.id }, { role: 'MERCHANT' });
      expect(noMerchant.status).toBe(400);
      const notLoyalty = await createPartner(db(), { name: 'Till', type: 'POS' });
      const wrongPartner = await call(
        userRoute.PATCH,
        'PATCH',
        `/manage/users/${user.id}`,
        { userId: user.id },
        { role: 'LOYALTY_PARTNER', partnerId: notLoyalty.id },
      );
      expect(wrongPartner.status).toBe(422);
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row!.role).toBe('ADMIN');
    });
  });
});
