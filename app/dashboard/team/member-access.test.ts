import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, sections } from '@/db/schema';
import { navigationFor } from '@/components/dashboard/navigation';
import { sendSampleOrder } from '@/lib/orders/sample-order';
import { DEMO_ORDERING_APP_NAME } from '@/lib/orders/sample-order';
import { useTestDatabase } from '@/lib/testing/database';
import { createMerchantWithLocations } from '@/lib/testing/fixtures';
import { createConnection, createPartner } from '@/lib/tenancy/partners';
import { LOCATION_FIELD_PREFIX } from '@/lib/team/team-fields';
import { createUser, memberLocationIds } from '@/lib/tenancy/users';

// The session a test runs as: a merchant member with its role and locations, as auth.ts builds it.
type SessionUser = { id: string; role: string; merchantId: string | null; partnerId: string | null; locationIds: string[] | null };
const session = vi.hoisted(() => ({ user: undefined as undefined | SessionUser }));
class NotFoundSignal extends Error {}
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new NotFoundSignal('404');
  },
  redirect: (to: string) => {
    throw new Error(`redirect ${to}`);
  },
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
vi.mock('@/auth', async () => {
  const { notFound, redirect } = await import('next/navigation');
  return {
    auth: async () => (session.user ? { user: session.user, sessionKey: 'test-session' } : null),
    requireUser: async (roles?: readonly string[], callbackUrl?: string) => {
      if (!session.user) redirect(`/login?callbackUrl=${callbackUrl}`);
      if (roles && !roles.includes(session.user!.role)) notFound();
      return session.user;
    },
  };
});

const tables = await import('../tables/actions');
const orders = await import('../orders/actions');
const team = await import('./actions');
const feed = await import('../orders/feed/route');
const tablesPage = (await import('../tables/page')).default;
const teamPage = (await import('./page')).default;

const { db } = useTestDatabase();
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

let merchantId: string;
let a: string;
let b: string;
let owner: SessionUser;
let staffAtA: SessionUser;
let manager: SessionUser;

beforeAll(async () => {
  const created = await createMerchantWithLocations(db(), 2);
  merchantId = created.merchant.id;
  [a, b] = created.locationIds as [string, string];
  const app = await createPartner(db(), { name: DEMO_ORDERING_APP_NAME, type: 'ORDERING_APP' });
  for (const locationId of created.locationIds) await createConnection(db(), app.id, { locationId });
  const make = async (role: 'OWNER' | 'MANAGER' | 'STAFF', locationIds: string[] = []): Promise<SessionUser> => {
    const user = await createUser(db(), {
      email: `${role.toLowerCase()}-${merchantId}@members.test`,
      password: 'long enough passphrase',
      role,
      merchantId,
      locationIds,
    });
    return { id: user.id, role, merchantId, partnerId: null, locationIds: locationIds.length ? locationIds : null };
  };
  owner = await make('OWNER');
  staffAtA = await make('STAFF', [a]);
  manager = await make('MANAGER');
});

describe('a staff member restricted to location A', () => {
  it('sees only the orders board and bookings in the navigation', () => {
    expect(navigationFor('STAFF').map((item) => item.href)).toEqual(['/dashboard/orders', '/dashboard/bookings']);
    expect(navigationFor('MANAGER').map((item) => item.href)).not.toContain('/dashboard/team');
    expect(navigationFor('OWNER').map((item) => item.href)).toContain('/dashboard/team');
  });

  it('gets the not-found page for the tables page, and its table actions refuse', async () => {
    session.user = staffAtA;
    await expect(tablesPage({ searchParams: Promise.resolve({}) })).rejects.toBeInstanceOf(NotFoundSignal);
    await expect(tables.addSectionAction({}, form({ locationId: a, name: 'Terrace' }))).rejects.toBeInstanceOf(NotFoundSignal);
    await expect(orders.setTicketThresholdsAction({}, form({ locationId: a, warnMinutes: '3', lateMinutes: '6' }))).rejects.toBeInstanceOf(NotFoundSignal);
    expect(await db().select().from(sections).where(eq(sections.name, 'Terrace'))).toEqual([]);
  });

  it('sees nothing of location B on the board, and cannot move its orders', async () => {
    const atA = await sendSampleOrder(db(), { merchantId, locationId: a });
    const atB = await sendSampleOrder(db(), { merchantId, locationId: b });
    session.user = staffAtA;
    const board = (await (await feed.GET(new Request('http://localhost/dashboard/orders/feed'), { params: Promise.resolve({}) })).json()) as {
      cards: { id: string; locationId: string }[];
    };
    expect(board.cards.map((card) => card.id)).toContain(atA.id);
    expect(board.cards.map((card) => card.locationId)).not.toContain(b);
    const refused = await orders.moveOrderAction({}, form({ orderId: atB.id, status: 'ACCEPTED' }));
    expect(refused.error).toMatch(/not found/i);
    expect((await orders.moveOrderAction({}, form({ orderId: atA.id, status: 'ACCEPTED' }))).message).toBe('Order accepted.');
    // The owner still sees both.
    session.user = owner;
    const ownerBoard = (await (await feed.GET(new Request('http://localhost/dashboard/orders/feed'), { params: Promise.resolve({}) })).json()) as {
      cards: { id: string }[];
    };
    expect(ownerBoard.cards.map((card) => card.id)).toEqual(expect.arrayContaining([atA.id, atB.id]));
  });
});

describe('the team page', () => {
  it('is the owner’s only: a manager gets the not-found page and its actions refuse', async () => {
    session.user = manager;
    await expect(teamPage()).rejects.toBeInstanceOf(NotFoundSignal);
    await expect(team.inviteAction({}, form({ email: 'new@members.test', role: 'STAFF' }))).rejects.toBeInstanceOf(NotFoundSignal);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, 'new@members.test'))).toEqual([]);
  });

  it('lets the owner invite with checked locations and restrict a member', async () => {
    session.user = owner;
    const invited = await team.inviteAction({}, form({ email: 'Host@Members.test', role: 'STAFF', [`${LOCATION_FIELD_PREFIX}${b}`]: 'on' }));
    expect(invited.message).toBe('Invitation sent to host@members.test.');
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, 'host@members.test'))).toHaveLength(1);
    const again = await team.inviteAction({}, form({ email: 'host@members.test', role: 'STAFF' }));
    expect(again.fieldErrors?.email).toMatch(/invited already/);

    const saved = await team.changeMemberAction({}, form({ userId: manager.id, role: 'MANAGER', [`${LOCATION_FIELD_PREFIX}${a}`]: 'on' }));
    expect(saved.message).toMatch(/saved/);
    expect(await memberLocationIds(db(), manager.id)).toEqual([a]);
    const lastOwner = await team.changeMemberAction({}, form({ userId: owner.id, role: 'STAFF' }));
    expect(lastOwner.error).toMatch(/at least one owner/);
  });
});
