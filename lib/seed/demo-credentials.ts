import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { clients, locations, loyaltyPrograms, merchants, partners, users } from '@/db/schema';
import { rotateClientSecret } from '@/lib/ops/clients';
import { recordAudit } from '@/lib/ops/audit';
import { passwordMatches } from '@/lib/tenancy/secrets';
import { DEMO_USERS } from './demo';

// The demo tenant's partners, by the names the seed gives them (lib/seed/demo.ts).
const DEMO_APPS = [
  { label: 'POS client', name: 'Demo POS', type: 'POS' },
  { label: 'Ordering app', name: 'Demo Ordering App', type: 'ORDERING_APP' },
  { label: 'Booking app', name: 'Demo Booking App', type: 'BOOKING_APP' },
  { label: 'Loyalty partner', name: 'Demo Loyalty', type: 'LOYALTY' },
] as const;

const USER_LABELS = { admin: 'Admin', merchant: 'Merchant', reviewer: 'Loyalty review' } as const;

/**
 * The demo tenant's sign-ins and client credentials, again (the first start prints them once). Passwords are kept as
 * argon2id hashes and client secrets as digests, so neither can be read back: a demo password is shown when it still
 * signs in, and with `newSecrets` each demo app gets a new client secret (the old one stops working at once; audited),
 * shown here once. Resolves with the lines to print.
 */
export async function demoCredentials(db: Database, { newSecrets = false, actorLabel = 'npm run demo:credentials' } = {}): Promise<string[]> {
  const lines: string[] = [];
  const [merchant] = await db.select().from(merchants).where(eq(merchants.name, 'Demo Bistro')).limit(1);
  if (!merchant) return ['No demo tenant in this database (it is created on the first start of an empty database with SEED_DEMO=true).'];
  const demoLocations = await db.select({ id: locations.id }).from(locations).where(eq(locations.merchantId, merchant.id)).orderBy(asc(locations.id));

  lines.push('Counterpart demo tenant:');
  for (const [key, demo] of Object.entries(DEMO_USERS) as [keyof typeof DEMO_USERS, (typeof DEMO_USERS)[keyof typeof DEMO_USERS]][]) {
    const [user] = await db.select({ passwordHash: users.passwordHash, disabledAt: users.disabledAt }).from(users).where(eq(users.email, demo.email)).limit(1);
    const password = !user
      ? '(no such user any more)'
      : user.disabledAt
        ? '(disabled)'
        : (await passwordMatches(demo.password, user.passwordHash))
          ? demo.password
          : '(password changed since; an admin resets it in /dashboard/admin/tenants)';
    const extra = key === 'merchant' ? `  (Demo Bistro: ${demoLocations.map((location) => location.id).join(', ')})` : '';
    lines.push(`  ${USER_LABELS[key].padEnd(15)} ${demo.email} / ${password}${extra}`);
  }

  const appPartners = await db
    .select({ id: partners.id, name: partners.name, type: partners.type })
    .from(partners)
    .where(
      inArray(
        partners.name,
        DEMO_APPS.map((app) => app.name),
      ),
    );
  const minted: string[] = [];
  for (const app of DEMO_APPS) {
    const partner = appPartners.find((candidate) => candidate.name === app.name && candidate.type === app.type);
    const [client] = partner
      ? await db
          .select({ clientId: clients.clientId })
          .from(clients)
          .where(and(eq(clients.partnerId, partner.id), isNull(clients.revokedAt)))
          .orderBy(asc(clients.createdAt))
          .limit(1)
      : [];
    if (!client) {
      lines.push(`  ${app.label.padEnd(15)} (no client: create one in /dashboard/admin/partners)`);
      continue;
    }
    let secret = '';
    if (app.type === 'POS') {
      secret = ' (device flow: no secret; approve it on /activate)';
    } else if (newSecrets) {
      const rotated = await db.transaction(async (tx) => {
        const result = await rotateClientSecret(tx, client.clientId, 0);
        await recordAudit(
          tx,
          { type: 'system', label: actorLabel },
          { action: 'client.rotate-secret', targetType: 'client', targetId: client.clientId, after: { graceHours: 0 } },
        );
        return result;
      });
      secret = ` client_secret=${rotated.client_secret}`;
      minted.push(app.label);
    }
    const program =
      app.type === 'LOYALTY' && partner
        ? (await db.select({ id: loyaltyPrograms.loyaltyProgramId }).from(loyaltyPrograms).where(eq(loyaltyPrograms.partnerId, partner.id)).limit(1))[0]
        : undefined;
    lines.push(`  ${app.label.padEnd(15)} client_id=${client.clientId}${secret}${program ? ` (program ${program.id})` : ''}`);
  }
  lines.push('');
  if (newSecrets) {
    lines.push(`New client secrets for: ${minted.join(', ')}. The previous ones no longer work; these are shown this once.`);
  } else {
    lines.push('Client secrets are stored only as digests, so they cannot be shown again. To mint new ones for the demo apps');
    lines.push('(the old ones stop working at once), stop Counterpart and run: npm run demo:credentials -- --new-secrets');
    lines.push('or, with Counterpart running, sign in as the admin and rotate a client in /dashboard/admin/partners.');
  }
  return lines;
}
