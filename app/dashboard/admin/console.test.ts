import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, dashboardSessions, loyaltyPrograms, merchants, partners, users } from '@/db/schema';
import { signingKeySummaries } from '@/lib/auth/key-rotation';
import { publishedKeys } from '@/lib/auth/signing-keys';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { authenticateUser, createUser, startDashboardSession } from '@/lib/tenancy/users';

// The session a test runs as; the console answers anyone but an admin as if the page did not exist (404).
const session = vi.hoisted(() => ({ user: undefined as undefined | { id: string; role: string; merchantId: string | null; partnerId: string | null } }));
class NotFoundSignal extends Error {}
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new NotFoundSignal('404');
  },
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
  useRouter: () => ({ refresh() {} }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/auth', async () => {
  const { notFound, redirect } = await import('next/navigation');
  return {
    auth: async () => (session.user ? { user: session.user, sessionKey: 'console-test-session' } : null),
    requireUser: async (roles?: readonly string[], callbackUrl?: string) => {
      if (!session.user) redirect(`/login?callbackUrl=${callbackUrl}`);
      if (roles && !roles.includes(session.user!.role)) notFound();
      return session.user;
    },
  };
});

const actions = { ...(await import('./tenants/actions')), ...(await import('./partners/actions')), ...(await import('./deliveries/actions')) };
// Signing-key rotation is held to the same rule.
const otherActions = await import('./signing-keys-actions');
const pages = {
  overview: (await import('./page')).default,
  tenants: (await import('./tenants/page')).default,
  partners: (await import('./partners/page')).default,
  health: (await import('./health/page')).default,
  requests: (await import('./requests/page')).default,
  deliveries: (await import('./deliveries/page')).default,
  audit: (await import('./audit/page')).default,
  users: (await import('./users/page')).default,
  events: (await import('./events/page')).default,
  endpoints: (await import('./endpoints/page')).default,
};
const merchantPage = (await import('./tenants/[merchantId]/page')).default;
const locationSearch = (await import('./location-search/route')).GET;

const { db } = useTestDatabase();
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};
const searchParams = Promise.resolve({});

let admin: { id: string };
let merchantUser: { id: string; merchantId: string };
let reviewer: { id: string; partnerId: string };
let partnerId: string;
let merchantLocationId: string;

beforeAll(async () => {
  resetConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  const { merchant, locationIds } = await createMerchantWithLocations(db());
  const loyalty = await createConnectedPartner(db(), 'LOYALTY', locationIds);
  partnerId = loyalty.partnerId;
  merchantLocationId = locationIds[0]!;
  admin = await createUser(db(), { email: 'ops@console.test', password: 'password-123', role: 'ADMIN' });
  merchantUser = {
    ...(await createUser(db(), { email: 'owner@console.test', password: 'password-123', role: 'MERCHANT', merchantId: merchant.id })),
    merchantId: merchant.id,
  };
  reviewer = { ...(await createUser(db(), { email: 'rev@console.test', password: 'password-123', role: 'LOYALTY_PARTNER', partnerId })), partnerId };
});

describe('operator console access', () => {
  const asMerchant = () => (session.user = { id: merchantUser.id, role: 'OWNER', merchantId: merchantUser.merchantId, partnerId: null });
  const asReviewer = () => (session.user = { id: reviewer.id, role: 'LOYALTY_PARTNER', merchantId: null, partnerId: reviewer.partnerId });

  for (const [role, become] of [
    ['merchant', asMerchant],
    ['loyalty partner reviewer', asReviewer],
  ] as const) {
    it(`answers a ${role} 404 on every console page`, async () => {
      become();
      for (const [name, page] of Object.entries(pages)) {
        await expect((page as (props: { searchParams: typeof searchParams }) => Promise<unknown>)({ searchParams }), name).rejects.toBeInstanceOf(
          NotFoundSignal,
        );
      }
    });

    it(`answers a ${role} 404 on every console action and changes nothing`, async () => {
      become();
      const before = await db().select().from(merchants);
      for (const [name, action] of Object.entries({ ...actions, ...otherActions })) {
        if (typeof action !== 'function') continue;
        await expect(
          (action as (state: object, data: FormData) => Promise<unknown>)({}, form({ name: 'Sneaky', partnerId, type: 'POS' })),
          name,
        ).rejects.toBeInstanceOf(NotFoundSignal);
      }
      expect(await db().select().from(merchants)).toHaveLength(before.length);
      expect(await db().select().from(partners).where(eq(partners.name, 'Sneaky'))).toHaveLength(0);
    });
  }
});

describe('operator console actions (admin)', () => {
  beforeEach(() => {
    session.user = { id: admin.id, role: 'ADMIN', merchantId: null, partnerId: null };
  });

  it('answers arguments no form sends (a hand-made request) with 404 before the action reads them, and changes nothing', async () => {
    const before = await db().select().from(merchants);
    const { rotateSigningKeyAction } = otherActions;
    const { addSectionAction } = await import('@/app/dashboard/tables/actions');
    const keysBefore = await publishedKeys(db());
    for (const [name, action] of Object.entries({ ...actions, rotateSigningKeyAction, addSectionAction })) {
      if (typeof action !== 'function') continue;
      const call = action as (...args: unknown[]) => Promise<unknown>;
      for (const args of [[null, null], [5], [{}, { name: 'Sneaky' }], [form({ name: 'Sneaky' })], [[], form({ name: 'Sneaky' })]]) {
        await expect(call(...args), `${name}(${JSON.stringify(args)})`).rejects.toBeInstanceOf(NotFoundSignal);
      }
    }
    expect(await db().select().from(merchants)).toHaveLength(before.length);
    expect(await publishedKeys(db())).toEqual(keysBefore);
  });

  it('rotates the signing key with the lib function /manage calls, audited with the admin and the new key', async () => {
    const oldKid = (await publishedKeys(db()))[0]!.kid;
    const rotated = await otherActions.rotateSigningKeyAction({}, form({}));
    const [newest] = await signingKeySummaries(db());
    expect(newest).toMatchObject({ state: 'ACTIVE' });
    expect(newest!.kid).not.toBe(oldKid);
    expect(rotated.message).toBe(`Signing with key ${newest!.kid}.`);
    const entries = await db().select().from(auditLog).where(eq(auditLog.action, 'signing-key.rotate'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorType: 'user',
      actorId: admin.id,
      actorLabel: 'ops@console.test',
      targetType: 'signing-key',
      targetId: newest!.kid,
      after: { kid: newest!.kid },
    });
  });

  it('creates a partner and a client, shows the secret once and audits both without the secret', async () => {
    const created = await actions.createPartnerAction({}, form({ name: 'Console App', type: 'ORDERING_APP' }));
    expect(created.message).toBe('Partner Console App created.');
    const [partner] = await db().select().from(partners).where(eq(partners.name, 'Console App'));
    const client = await actions.createClientAction({}, form({ partnerId: partner!.id }));
    expect(client.clientSecret).toMatch(/^cs_/);
    const entries = await db().select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['partner.create', 'client.create']));
    expect(entries.find((entry) => entry.action === 'client.create')).toMatchObject({ actorLabel: 'ops@console.test', targetId: client.clientId });
    expect(JSON.stringify(entries)).not.toContain(client.clientSecret);
  });

  it('gives the API validation messages, at the field they concern', async () => {
    expect((await actions.createPartnerAction({}, form({ name: '', type: 'POS' }))).fieldErrors?.name).toBeDefined();
    const refused = await actions.createWebhookEndpointAction({}, form({ partnerId, url: 'http://127.0.0.1:9/hook' }));
    expect(refused.fieldErrors?.url).toMatch(/webhook target refused/);
    const unknownLocation = await actions.createConnectionAction({}, form({ partnerId, locationId: 'nowhere' }));
    expect(unknownLocation.fieldErrors?.locationId).toBe('Location nowhere does not exist.');
    // A value the database itself refuses (a NUL byte) is the form's error, not a failed action (a 500 page).
    const refusedByDatabase = await actions.createConnectionAction({}, form({ partnerId, locationId: 'a\u0000b' }));
    expect(refusedByDatabase.error).toBe('A value in the request is out of range or not representable.');
  });

  it('invites a user with a one-time password shown once', async () => {
    const invited = await actions.inviteUserAction({}, form({ email: 'New@Console.test', role: 'ADMIN' }));
    expect(invited.oneTimePassword).toMatch(/^[\w-]{16}$/);
    expect(invited.email).toBe('new@console.test');
    const duplicate = await actions.inviteUserAction({}, form({ email: 'new@console.test', role: 'ADMIN' }));
    expect(duplicate.fieldErrors?.email).toBeDefined();
  });

  it('disables a user (sessions end, sign-in refused), resets a password and changes a role, audited; never its own account', async () => {
    const target = await createUser(db(), { email: 'leaver@console.test', password: 'password-123', role: 'MERCHANT', merchantId: merchantUser.merchantId });
    await startDashboardSession(db(), target.id);
    const reset = await actions.resetPasswordAction({}, form({ userId: target.id }));
    expect(await authenticateUser(db(), 'leaver@console.test', reset.oneTimePassword!)).toBeDefined();
    const promoted = await actions.changeRoleAction({}, form({ userId: target.id, role: 'LOYALTY_PARTNER' }));
    expect(promoted.fieldErrors?.partnerId).toBe('is required for LOYALTY_PARTNER users');
    expect((await actions.changeRoleAction({}, form({ userId: target.id, role: 'LOYALTY_PARTNER', partnerId }))).message).toBe(
      'leaver@console.test is now Loyalty partner reviewer.',
    );
    const [changed] = await db().select().from(users).where(eq(users.id, target.id));
    expect(changed).toMatchObject({ role: 'LOYALTY_PARTNER', merchantId: null, partnerId });

    await startDashboardSession(db(), target.id);
    expect((await actions.disableUserAction({}, form({ userId: target.id }))).message).toMatch(/disabled/);
    expect(await db().select().from(dashboardSessions).where(eq(dashboardSessions.userId, target.id))).toEqual([]);
    expect(await authenticateUser(db(), 'leaver@console.test', reset.oneTimePassword!)).toBeUndefined();
    expect((await actions.disableUserAction({}, form({ userId: admin.id }))).error).toBe('You cannot disable your own account.');
    const actionsTaken = (await db().select().from(auditLog).where(eq(auditLog.targetId, target.id))).map((entry) => entry.action);
    expect(actionsTaken).toEqual(expect.arrayContaining(['user.reset-password', 'user.change-role', 'user.disable']));
  });

  it('edits the name and time zone of a location with the rules of /manage, audited before and after', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const locationId = locationIds[0]!;
    const refused = await actions.updateLocationAction({}, form({ locationId, name: 'Quay', timezone: 'Mars/Olympus' }));
    expect(refused.fieldErrors?.timezone).toBe('must be an IANA time zone');
    expect((await actions.updateLocationAction({}, form({ locationId, name: 'Quay', timezone: 'Pacific/Auckland' }))).message).toBe(
      `Location ${locationId} updated.`,
    );
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, locationId));
    expect(entry).toMatchObject({ action: 'location.update', after: { name: 'Quay', timezone: 'Pacific/Auckland' } });
  });

  it('creates and renames a loyalty program, audited before and after; an unknown program is refused', async () => {
    expect((await actions.createLoyaltyProgramAction({}, form({ partnerId, loyaltyProgramId: 'stamps', name: 'Stamps' }))).message).toBe(
      'Loyalty program stamps created.',
    );
    expect((await actions.renameLoyaltyProgramAction({}, form({ partnerId, loyaltyProgramId: 'stamps', name: 'Coffee stamps' }))).message).toBe(
      'Loyalty program stamps renamed.',
    );
    const [program] = await db().select().from(loyaltyPrograms).where(eq(loyaltyPrograms.loyaltyProgramId, 'stamps'));
    expect(program?.name).toBe('Coffee stamps');
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'loyalty-program.rename'));
    expect(entry).toMatchObject({ targetId: 'stamps', before: { name: 'Stamps' }, after: { name: 'Coffee stamps' } });
    const unknown = await actions.renameLoyaltyProgramAction({}, form({ partnerId, loyaltyProgramId: 'nope', name: 'X' }));
    expect(unknown.error).toMatch(/not found/i);
    expect((await actions.renameLoyaltyProgramAction({}, form({ partnerId, loyaltyProgramId: 'stamps', name: '' }))).fieldErrors?.name).toBeDefined();
  });

  it('renders a merchant’s page for an admin, and answers an unknown merchant 404', async () => {
    await expect(merchantPage({ params: Promise.resolve({ merchantId: merchantUser.merchantId }), searchParams })).resolves.toBeTruthy();
    await expect(merchantPage({ params: Promise.resolve({ merchantId: 'no-such-merchant' }), searchParams })).rejects.toBeInstanceOf(NotFoundSignal);
  });

  it('finds locations for the combobox for an admin only (anyone else: 404), at most 20', async () => {
    const search = () =>
      locationSearch(new Request(`http://localhost/dashboard/admin/location-search?q=${merchantLocationId}`), { params: Promise.resolve({}) });
    const found = await search();
    expect(found.status).toBe(200);
    expect(((await found.json()) as { locations: { id: string }[] }).locations.map((location) => location.id)).toEqual([merchantLocationId]);
    session.user = { id: merchantUser.id, role: 'OWNER', merchantId: merchantUser.merchantId, partnerId: null };
    expect((await search()).status).toBe(404);
    session.user = undefined;
    expect((await search()).status).toBe(401);
  });

  it('renders every console page for an admin', async () => {
    for (const [name, page] of Object.entries(pages)) {
      await expect((page as (props: { searchParams: typeof searchParams }) => Promise<unknown>)({ searchParams }), name).resolves.toBeTruthy();
    }
  });
});

describe('merchant dashboard changes', () => {
  it('are audited with the merchant user, the page and the form values', async () => {
    session.user = { id: merchantUser.id, role: 'OWNER', merchantId: merchantUser.merchantId, partnerId: null };
    const { addSectionAction } = await import('@/app/dashboard/tables/actions');
    expect((await addSectionAction({}, form({ locationId: merchantLocationId, name: 'Terrace' }))).message).toBe('Section added.');
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.actorId, merchantUser.id));
    expect(entry).toMatchObject({
      actorType: 'user',
      actorLabel: 'owner@console.test',
      action: 'form /dashboard/tables',
      after: { locationId: merchantLocationId, name: 'Terrace' },
    });
  });
});
