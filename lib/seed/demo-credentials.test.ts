import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, clients, users } from '@/db/schema';
import { useTestDatabase } from '@/lib/testing/database';
import { hashPassword, secretMatches } from '@/lib/tenancy/secrets';
import { DEMO_USERS, seedDemoTenant } from './demo';
import { demoCredentials } from './demo-credentials';

const { db } = useTestDatabase();

describe('the demo credentials, shown again', () => {
  it('says so when there is no demo tenant', async () => {
    expect(await demoCredentials(db())).toEqual([expect.stringMatching(/^No demo tenant/)]);
  });

  it('shows the sign-ins and client ids, and says honestly that client secrets cannot be shown again', async () => {
    const printed: string[] = [];
    await seedDemoTenant(db(), (text) => printed.push(text));
    const text = (await demoCredentials(db())).join('\n');
    for (const user of Object.values(DEMO_USERS)) expect(text).toContain(`${user.email} / ${user.password}`);
    expect(text).toContain('demo-bistro-bondi, demo-bistro-cbd');
    // Every client id the first start printed, and no secret.
    for (const clientId of printed[0]!.match(/client_id=\S+/g)!) expect(text).toContain(clientId);
    expect(text).not.toMatch(/client_secret=/);
    expect(text).toContain('cannot be shown again');
    expect(text).toContain('npm run demo:credentials -- --new-secrets');
  });

  it('does not show a demo password that was changed', async () => {
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword('something-else-entirely') })
      .where(eq(users.email, DEMO_USERS.reviewer.email));
    const text = (await demoCredentials(db())).join('\n');
    expect(text).not.toContain(`/ ${DEMO_USERS.reviewer.password}`);
    expect(text).toContain(`${DEMO_USERS.reviewer.email} / (password changed since`);
  });

  it('mints new secrets for the three demo apps on request: they work, the old ones do not, and each is audited', async () => {
    const before = await db().select({ clientId: clients.clientId, secretHash: clients.secretHash }).from(clients);
    const lines = await demoCredentials(db(), { newSecrets: true });
    const minted = lines.flatMap((line) => [...line.matchAll(/client_id=(\S+) client_secret=(\S+)/g)].map((match) => [match[1]!, match[2]!] as const));
    expect(minted).toHaveLength(3);
    for (const [clientId, secret] of minted) {
      const [row] = await db().select().from(clients).where(eq(clients.clientId, clientId));
      expect(secretMatches(secret, row!.secretHash!)).toBe(true);
      expect(row!.secretHash).not.toBe(before.find((old) => old.clientId === clientId)!.secretHash);
      expect(row!.previousSecretHash).toBeNull();
    }
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'client.rotate-secret'));
    expect(audited.map((entry) => entry.targetId).sort()).toEqual(minted.map(([clientId]) => clientId).sort());
    expect(audited[0]).toMatchObject({ actorType: 'system', actorLabel: 'npm run demo:credentials' });
  });
});
