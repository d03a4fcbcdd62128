import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createUser } from '@/lib/tenancy/users';
import { LOCATION_MATCHES, merchantView, pageLocations, pageMerchants, pageUsers, searchLocations } from './tenants-view';

const { db } = useTestDatabase();

describe('the console’s merchants, locations and users, a page at a time', () => {
  it('pages merchants by name with their counts, and a merchant’s locations by cursor, each row once', async () => {
    const tag = `Paged-${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createMerchantWithLocations(db(), i === 0 ? 7 : 1));
    // Names the filter finds: the fixture's names are unique, so rename through the filter's own part.
    const { renameMerchant } = await import('./tenant-changes');
    const { SYSTEM_ACTOR } = await import('./audit');
    for (const [index, { merchant }] of made.entries()) await renameMerchant(db(), SYSTEM_ACTOR, merchant.id, { name: `${tag} ${index}` });

    const first = await pageMerchants(db(), { name: tag }, { limit: 2 });
    expect(first.rows.map((row) => row.name)).toEqual([`${tag} 0`, `${tag} 1`]);
    expect(first.rows[0]).toMatchObject({ locations: 7, users: 0 });
    expect(first.next).not.toBeNull();
    const second = await pageMerchants(db(), { name: tag }, { after: first.next!, limit: 2 });
    const third = await pageMerchants(db(), { name: tag }, { after: second.next!, limit: 2 });
    expect([...second.rows, ...third.rows].map((row) => row.name)).toEqual([`${tag} 2`, `${tag} 3`, `${tag} 4`]);
    expect(third.next).toBeNull();

    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await pageLocations(db(), made[0]!.merchant.id, {}, { after, limit: 3 });
      seen.push(...page.rows.map((row) => row.id));
      after = page.next ?? undefined;
    } while (after);
    expect(seen.sort()).toEqual([...made[0]!.locationIds].sort());
  });

  it('a merchant’s page shows its own users and connected partners only (two merchants sharing one POS vendor)', async () => {
    const one = await createMerchantWithLocations(db(), 2);
    const other = await createMerchantWithLocations(db(), 1);
    const pos = await createConnectedPartner(db(), 'POS', [...one.locationIds, ...other.locationIds]);
    const onlyOther = await createConnectedPartner(db(), 'ORDERING_APP', other.locationIds);
    await createUser(db(), { email: `a-${Date.now()}@one.test`, password: 'a long enough password 1', role: 'MERCHANT', merchantId: one.merchant.id });
    await createUser(db(), { email: `b-${Date.now()}@other.test`, password: 'a long enough password 1', role: 'MERCHANT', merchantId: other.merchant.id });

    const view = (await merchantView(db(), one.merchant.id))!;
    expect(view.locationCount).toBe(2);
    expect(view.users.map((user) => user.email)).toEqual([expect.stringMatching(/@one\.test$/)]);
    expect(view.partners).toEqual([expect.objectContaining({ id: pos.partnerId, locations: 2 })]);
    expect(view.partners.map((partner) => partner.id)).not.toContain(onlyOther.partnerId);
    expect((await pageLocations(db(), one.merchant.id, {}, { limit: 50 })).rows.map((row) => row.id).sort()).toEqual([...one.locationIds].sort());
    expect(await merchantView(db(), 'no-such-merchant')).toBeUndefined();
  });

  it('finds at most 20 locations by id, name or merchant name, and pages users by email with their tenant', async () => {
    const { merchant, locationIds } = await createMerchantWithLocations(db(), LOCATION_MATCHES + 3);
    expect(await searchLocations(db(), merchant.name)).toHaveLength(LOCATION_MATCHES);
    const exact = await searchLocations(db(), locationIds[4]!);
    expect(exact[0]).toMatchObject({ id: locationIds[4], merchantName: merchant.name });
    expect(await searchLocations(db(), '   ')).toEqual([]);
    expect(await searchLocations(db(), '%')).toEqual([]);

    const email = `paged-${Date.now()}@users.test`;
    await createUser(db(), { email, password: 'a long enough password 1', role: 'MERCHANT', merchantId: merchant.id });
    const page = await pageUsers(db(), { email: 'users.test', role: 'OWNER' }, { limit: 50 });
    expect(page.rows.find((row) => row.email === email)).toMatchObject({ merchantName: merchant.name, partnerName: null });
    expect((await pageUsers(db(), { email: 'users.test', role: 'ADMIN' }, { limit: 50 })).rows.find((row) => row.email === email)).toBeUndefined();
  });
});
