import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients, connections, locations, loyaltyPrograms, merchants, partners } from '@/db/schema';
import { useTestDatabase } from '@/lib/testing/database';
import { authenticateUser } from '@/lib/tenancy/users';
import { DEMO_LOCATION_IDS, DEMO_USERS, seedDemoTenant } from './demo';

const { db } = useTestDatabase();

describe('demo tenant', () => {
  it('is created once on an empty database and prints the credentials', async () => {
    const printed: string[] = [];
    expect(await seedDemoTenant(db(), (text) => printed.push(text))).toBe(true);
    expect(await seedDemoTenant(db(), (text) => printed.push(text))).toBe(false);
    expect(printed).toHaveLength(1);
    const [merchant] = await db().select().from(merchants);
    expect(merchant!.name).toBe('Demo Bistro');
    const demoLocations = await db().select().from(locations).where(eq(locations.merchantId, merchant!.id));
    expect(demoLocations.map((location) => location.id).sort()).toEqual([...DEMO_LOCATION_IDS].sort());
    const appClients = await db().select({ clientId: clients.clientId }).from(clients);
    for (const { clientId } of appClients) expect(printed[0]).toContain(clientId);
    expect(printed[0]).toMatch(/client_secret=cs_/);
  });

  it('has a partner of every type, apps connected to both locations, and a loyalty program', async () => {
    const types = (await db().select({ type: partners.type }).from(partners)).map((partner) => partner.type).sort();
    expect(types).toEqual(['BOOKING_APP', 'LOYALTY', 'ORDERING_APP', 'POS']);
    const [{ connectionCount } = { connectionCount: 0 }] = await db().select({ connectionCount: count() }).from(connections);
    expect(connectionCount).toBe(4);
    expect(await db().select().from(loyaltyPrograms)).toHaveLength(1);
  });

  it('lets every demo user sign in with the printed password, each with its role', async () => {
    expect((await authenticateUser(db(), DEMO_USERS.admin.email, DEMO_USERS.admin.password))?.role).toBe('ADMIN');
    const merchantUser = await authenticateUser(db(), DEMO_USERS.merchant.email, DEMO_USERS.merchant.password);
    expect(merchantUser).toMatchObject({ role: 'OWNER' });
    expect(merchantUser!.merchantId).toBeTruthy();
    expect((await authenticateUser(db(), DEMO_USERS.reviewer.email, DEMO_USERS.reviewer.password))?.partnerId).toBeTruthy();
    expect(await authenticateUser(db(), DEMO_USERS.merchant.email, 'wrong')).toBeUndefined();
  });
});
