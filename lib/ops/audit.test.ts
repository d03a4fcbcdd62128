import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as clientsRoute from '@/app/manage/partners/[partnerId]/clients/route';
import * as partnersRoute from '@/app/manage/partners/route';
import { auditLog } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { useTestDatabase } from '@/lib/testing/database';
import { callRoute } from '@/lib/testing/http';
import { listAudit, recordAudit, sweepAudit, SYSTEM_ACTOR } from './audit';

const ADMIN_API_KEY = 'audit-test-key-0123456789';
const { db } = useTestDatabase();

describe('audit log', () => {
  beforeEach(() => resetConfig({ ADMIN_API_KEY }));
  afterEach(() => resetConfig());

  it('records every change made through /manage with its target, request id and the answer, the secret redacted', async () => {
    const partnerResponse = await callRoute(partnersRoute.POST, 'POST', '/manage/partners', {
      token: ADMIN_API_KEY,
      body: { name: 'Audited App', type: 'ORDERING_APP' },
      headers: { 'x-request-id': 'audit-partner-1' },
    });
    const partner = (await partnerResponse.json()) as { id: string };
    const clientResponse = await callRoute(clientsRoute.POST, 'POST', `/manage/partners/${partner.id}/clients`, {
      token: ADMIN_API_KEY,
      body: {},
      params: { partnerId: partner.id },
      headers: { 'x-request-id': 'audit-client-1' },
    });
    const client = (await clientResponse.json()) as { client_id: string; client_secret: string };
    // A refused change is not a change.
    await callRoute(partnersRoute.POST, 'POST', '/manage/partners', { token: ADMIN_API_KEY, body: { name: '' } });

    const entries = await listAudit(db(), { actor: 'ADMIN_API_KEY' });
    expect(entries).toHaveLength(2);
    expect(entries.find((entry) => entry.requestId === 'audit-partner-1')).toMatchObject({
      actorType: 'admin-api',
      action: 'POST /manage/partners',
      targetType: 'partners',
      targetId: partner.id,
      before: null,
      after: { request: { name: 'Audited App', type: 'ORDERING_APP' }, response: { id: partner.id } },
    });
    const clientEntry = entries.find((entry) => entry.requestId === 'audit-client-1')!;
    expect(clientEntry).toMatchObject({ action: 'POST /manage/partners/{partnerId}/clients', targetType: 'clients', targetId: client.client_id });
    expect(JSON.stringify(await db().select().from(auditLog))).not.toContain(client.client_secret);
  });

  it('records a change whose input holds text jsonb refuses (NUL, lone surrogates), with the replacement character', async () => {
    await recordAudit(db(), SYSTEM_ACTOR, {
      action: 'loyalty-program.create',
      requestId: 'audit-odd-text',
      after: { request: { loyaltyProgramId: 'A\ud800B', 'key\u0000': 'nul\u0000', pair: '\ud83c\udf55', list: ['\udc00'] } },
    });
    const [entry] = await listAudit(db(), { requestId: 'audit-odd-text' });
    expect(entry?.after).toEqual({ request: { loyaltyProgramId: 'A\uFFFDB', 'key\uFFFD': 'nul\uFFFD', pair: '🍕', list: ['\uFFFD'] } });
  });

  it('filters by target and drops entries older than a year', async () => {
    await recordAudit(db(), SYSTEM_ACTOR, { action: 'webhook-endpoint.disable', targetType: 'webhook-endpoint', targetId: 'whe_old' });
    expect(await listAudit(db(), { targetType: 'webhook-endpoint', targetId: 'whe_old' })).toHaveLength(1);
    await sweepAudit(db(), new Date(Date.now() + 367 * 86_400_000));
    expect(await listAudit(db(), { targetId: 'whe_old' })).toHaveLength(0);
  });
});
