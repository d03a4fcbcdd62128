import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clients, users, webhookEndpoints } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { callRoute } from '@/lib/testing/http';
import * as locationsRoute from './merchants/[merchantId]/locations/route';
import * as merchantsRoute from './merchants/route';
import * as clientsRoute from './partners/[partnerId]/clients/route';
import * as connectionsRoute from './partners/[partnerId]/connections/route';
import * as programsRoute from './partners/[partnerId]/loyalty-programs/route';
import * as partnersRoute from './partners/route';
import * as webhooksRoute from './partners/[partnerId]/webhooks/route';
import * as usersRoute from './users/route';

const ADMIN_API_KEY = 'manage-test-key-0123456789';
const { db } = useTestDatabase();

const manage = (handler: typeof merchantsRoute.POST, path: string, body: unknown, params: Record<string, string> = {}) =>
  callRoute(handler, 'POST', path, { body, params, token: ADMIN_API_KEY });

async function created<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as T;
}

describe('management API', () => {
  beforeEach(() => resetConfig({ ADMIN_API_KEY, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' }));
  afterEach(() => resetConfig());

  describe('CRUD', () => {
    it('creates a merchant, a location with a generated or chosen id, and rejects a duplicate location id', async () => {
      const merchant = await created<{ id: string; name: string }>(await manage(merchantsRoute.POST, '/manage/merchants', { name: 'Harbour Grill' }));
      expect(merchant.name).toBe('Harbour Grill');

      const generated = await created<{ locationId: string }>(
        await manage(locationsRoute.POST, `/manage/merchants/${merchant.id}/locations`, { name: 'Pier' }, { merchantId: merchant.id }),
      );
      expect(generated.locationId).toMatch(/^loc_/);
      expect(generated.locationId.length).toBeLessThanOrEqual(50);

      const chosen = await created<{ locationId: string; timezone: string }>(
        await manage(
          locationsRoute.POST,
          '/manage/merchants/x/locations',
          { name: 'Quay', locationId: 'harbour-quay', timezone: 'Pacific/Auckland' },
          { merchantId: merchant.id },
        ),
      );
      expect(chosen).toMatchObject({ locationId: 'harbour-quay', timezone: 'Pacific/Auckland' });

      const duplicate = await manage(
        locationsRoute.POST,
        '/manage/merchants/x/locations',
        { name: 'Again', locationId: 'harbour-quay' },
        { merchantId: merchant.id },
      );
      expect(duplicate.status).toBe(409);
    });

    it('answers 404 for a location of an unknown merchant', async () => {
      const response = await manage(locationsRoute.POST, '/manage/merchants/nope/locations', { name: 'Nowhere' }, { merchantId: 'nope' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    });

    it('creates users of each role, partners, clients, connections, webhooks and loyalty programs', async () => {
      const merchant = await created<{ id: string }>(await manage(merchantsRoute.POST, '/manage/merchants', { name: 'Cafe' }));
      const location = await created<{ locationId: string }>(await manage(locationsRoute.POST, '/x', { name: 'Main' }, { merchantId: merchant.id }));
      const loyalty = await created<{ id: string; type: string }>(await manage(partnersRoute.POST, '/manage/partners', { name: 'Points', type: 'LOYALTY' }));
      expect(loyalty.type).toBe('LOYALTY');

      const merchantUser = await created<{ id: string; email: string; role: string }>(
        await manage(usersRoute.POST, '/manage/users', { email: 'Owner@Cafe.test', password: 'long-enough-now', role: 'MERCHANT', merchantId: merchant.id }),
      );
      expect(merchantUser).toMatchObject({ email: 'owner@cafe.test', role: 'OWNER' });
      await created(
        await manage(usersRoute.POST, '/manage/users', {
          email: 'rev@points.test',
          password: 'long-enough-now',
          role: 'LOYALTY_PARTNER',
          partnerId: loyalty.id,
        }),
      );
      await created(await manage(usersRoute.POST, '/manage/users', { email: 'ops@counterpart.test', password: 'long-enough-now', role: 'ADMIN' }));
      expect((await manage(usersRoute.POST, '/manage/users', { email: 'owner@cafe.test', password: 'long-enough-now', role: 'ADMIN' })).status).toBe(409);

      const connection = await created<{ locationId: string }>(
        await manage(connectionsRoute.POST, '/x', { locationId: location.locationId }, { partnerId: loyalty.id }),
      );
      expect(connection.locationId).toBe(location.locationId);
      const unknownLocation = await manage(connectionsRoute.POST, '/x', { locationId: 'missing' }, { partnerId: loyalty.id });
      expect(unknownLocation.status).toBe(422);

      const program = await created<{ loyaltyProgramId: string }>(
        await manage(programsRoute.POST, '/x', { loyaltyProgramId: 'gold', name: 'Gold' }, { partnerId: loyalty.id }),
      );
      expect(program.loyaltyProgramId).toBe('gold');
    });
  });

  describe('Auth', () => {
    it('answers 401 without a key and with a wrong key', async () => {
      const missing = await callRoute(merchantsRoute.POST, 'POST', '/manage/merchants', { body: { name: 'x' } });
      expect(missing.status).toBe(401);
      const wrong = await callRoute(merchantsRoute.POST, 'POST', '/manage/merchants', { body: { name: 'x' }, token: 'not-the-key-at-all' });
      expect(wrong.status).toBe(401);
      expect((await wrong.json()).code).toBe('UNAUTHORIZED');
    });

    it('is disabled (404) when ADMIN_API_KEY is unset', async () => {
      resetConfig({ ADMIN_API_KEY: '' });
      const response = await manage(merchantsRoute.POST, '/manage/merchants', { name: 'x' });
      expect(response.status).toBe(404);
    });
  });

  describe('Validation', () => {
    it('reports every bad field of a user at once', async () => {
      const response = await manage(usersRoute.POST, '/manage/users', { email: 'not-an-email', password: 'short', role: 'MERCHANT' });
      expect(response.status).toBe(400);
      const problem = await response.json();
      expect(problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', error: 'Request validation failed' });
      expect(problem.errors.map((error: { path: string }) => error.path).sort()).toEqual(['email', 'merchantId', 'password']);
      expect(problem.errors.every((error: { segment: string }) => error.segment === 'body')).toBe(true);
    });

    it('refuses a password shorter than 12 characters, a common one or the email itself, naming the field (NIST 800-63B)', async () => {
      const merchant = await (await manage(merchantsRoute.POST, '/manage/merchants', { name: 'Password Cafe' })).json();
      for (const [password, message] of [
        ['eleven-char', 'must be at least 12 characters'],
        ['password1234', 'is too common'],
        ['qwertyqwertyqwerty', 'is too common'],
        ['aaaaaaaaaaaaaaaa', 'is too common'],
        ['chef.owner@cafe.test', 'must not be the email address'],
      ]) {
        const response = await manage(usersRoute.POST, '/manage/users', { email: 'chef.owner@cafe.test', password, role: 'MERCHANT', merchantId: merchant.id });
        expect(response.status, password).toBe(400);
        const problem = await response.json();
        expect(problem).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'password', segment: 'body' }] });
        expect(problem.errors[0].message, password).toContain(message);
      }
      // No composition rules: a long passphrase of plain lowercase words is welcome.
      expect(
        (
          await manage(usersRoute.POST, '/manage/users', {
            email: 'chef.owner@cafe.test',
            password: 'tomato basil oven at dawn',
            role: 'MERCHANT',
            merchantId: merchant.id,
          })
        ).status,
      ).toBe(201);
    });

    it('rejects an unknown partner type and a too long location id', async () => {
      const partner = await manage(partnersRoute.POST, '/manage/partners', { name: 'X', type: 'KIOSK' });
      expect(partner.status).toBe(400);
      expect((await partner.json()).errors[0].path).toBe('type');
      const location = await manage(locationsRoute.POST, '/x', { name: 'Y', locationId: 'x'.repeat(51) }, { merchantId: 'm' });
      expect((await location.json()).errors[0].path).toBe('locationId');
    });

    it('refuses webhook URLs that are not http(s)', async () => {
      const partner = await created<{ id: string }>(await manage(partnersRoute.POST, '/manage/partners', { name: 'Hooks', type: 'POS' }));
      const response = await manage(webhooksRoute.POST, '/x', { url: 'ftp://example.com/hook' }, { partnerId: partner.id });
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0].path).toBe('url');
    });
  });

  describe('Secrets', () => {
    it('shows a client secret once and stores only its digest; POS clients get no secret', async () => {
      const app = await created<{ id: string }>(await manage(partnersRoute.POST, '/manage/partners', { name: 'Orders', type: 'ORDERING_APP' }));
      const client = await created<{ client_id: string; client_secret: string }>(await manage(clientsRoute.POST, '/x', {}, { partnerId: app.id }));
      expect(client.client_secret).toMatch(/^cs_.{40,}/);
      const [row] = await db().select().from(clients).where(eq(clients.clientId, client.client_id));
      expect(row!.secretHash).toBeTruthy();
      expect(row!.secretHash).not.toContain(client.client_secret);
      expect(JSON.stringify(row)).not.toContain(client.client_secret);

      const pos = await created<{ id: string }>(await manage(partnersRoute.POST, '/manage/partners', { name: 'Till', type: 'POS' }));
      const posClient = await created<Record<string, string>>(await manage(clientsRoute.POST, '/x', {}, { partnerId: pos.id }));
      expect(posClient.client_secret).toBeUndefined();
    });

    it('returns a whsec_ webhook secret once', async () => {
      const partner = await created<{ id: string }>(await manage(partnersRoute.POST, '/manage/partners', { name: 'Hooked', type: 'BOOKING_APP' }));
      const endpoint = await created<{ id: string; secret: string }>(
        await manage(webhooksRoute.POST, '/x', { url: 'https://hooks.example.com/counterpart' }, { partnerId: partner.id }),
      );
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
      expect(row!.url).toBe('https://hooks.example.com/counterpart');
    });

    it('stores passwords as argon2id hashes', async () => {
      const [user] = await db().select().from(users).where(eq(users.email, 'ops@counterpart.test'));
      expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    });
  });
});
