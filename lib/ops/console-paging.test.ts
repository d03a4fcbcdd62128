import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiRequestLog, events, webhookDeliveries } from '@/db/schema';
import { newId } from '@/lib/ids';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { auditSentence, pageAudit, recordAudit } from './audit';
import { pageDeliveries } from './deliveries';
import { createDemoSinkEndpoint } from './demo-sink';
import { pageRequests } from './request-log';

const { db } = useTestDatabase();

/** Every page of a list, following its cursors. */
async function allPages<T>(read: (after: string | undefined) => Promise<{ rows: T[]; next: string | null }>) {
  const pages: T[][] = [];
  let after: string | undefined;
  do {
    const page = await read(after);
    pages.push(page.rows);
    after = page.next ?? undefined;
  } while (after && pages.length < 50);
  return pages;
}

describe('console lists a page at a time', () => {
  it('pages the request log newest first, rows of one microsecond apart included, each row once', async () => {
    const partnerId = `ptr_${newId()}`;
    const base = Date.parse('2026-11-27T10:00:00.000Z');
    // Seven rows within one millisecond (a Date cursor would round them together) and five further apart.
    await db().execute(sql`
      insert into ${apiRequestLog} (at, request_id, surface, method, route, path, status, latency_ms, partner_id)
      select timestamptz '2026-11-27T10:00:00.000Z' + (n || ' microseconds')::interval, 'page-' || n, 'partner', 'POST',
             '/connect/orders', '/connect/orders', 201, 3, ${partnerId}
      from generate_series(1, 7) as n`);
    for (const n of [1, 2, 3, 4, 5]) {
      await db()
        .insert(apiRequestLog)
        .values({
          at: new Date(base - n * 1000),
          requestId: `page-earlier-${n}`,
          surface: 'partner',
          method: 'POST',
          route: '/connect/orders',
          path: '/connect/orders',
          status: 201,
          latencyMs: 3,
          partnerId,
        });
    }
    const pages = await allPages((after) => pageRequests(db(), { partnerId }, { after, limit: 5 }));
    expect(pages.map((page) => page.length)).toEqual([5, 5, 2]);
    const ids = pages.flat().map((row) => row.requestId);
    expect(ids).toEqual([...[7, 6, 5, 4, 3, 2, 1].map((n) => `page-${n}`), ...[1, 2, 3, 4, 5].map((n) => `page-earlier-${n}`)]);
    // A cursor edited by hand reads as the first page, never as an error.
    expect((await pageRequests(db(), { partnerId }, { after: 'garbage', limit: 5 })).rows[0]!.requestId).toBe('page-7');
  });

  it('hides polling by default: event feed reads, health checks and device-flow polls, never their failures', async () => {
    const partnerId = `ptr_${newId()}`;
    const row = (requestId: string, method: string, route: string, status: number, errorCode: string | null = null) => ({
      at: new Date(),
      requestId,
      surface: 'partner',
      method,
      route,
      path: route,
      status,
      latencyMs: 1,
      partnerId,
      errorCode,
    });
    await db()
      .insert(apiRequestLog)
      .values([
        row('poll-feed', 'GET', '/connect/events', 200),
        row('poll-feed-refused', 'GET', '/connect/events', 401, 'UNAUTHORIZED'),
        row('poll-health', 'GET', '/readyz', 200),
        row('poll-device', 'POST', '/oauth/token', 400, 'authorization_pending'),
        row('poll-slow', 'POST', '/oauth/token', 400, 'slow_down'),
        row('order', 'POST', '/connect/orders', 201),
        row('denied', 'POST', '/oauth/token', 400, 'access_denied'),
      ]);
    const ids = async (hidePolling: boolean, method?: string) =>
      (await pageRequests(db(), { partnerId, hidePolling, method }, { limit: 50 })).rows.map((entry) => entry.requestId).sort();
    expect(await ids(true)).toEqual(['denied', 'order', 'poll-feed-refused']);
    expect(await ids(false)).toHaveLength(7);
    expect(await ids(false, 'get')).toEqual(['poll-feed', 'poll-feed-refused', 'poll-health']);
  });

  it('pages deliveries with their attempts, filtered by endpoint, outcome and time', async () => {
    const { locationIds } = await createMerchantWithLocations(db());
    const partner = await createConnectedPartner(db(), 'ORDERING_APP', locationIds);
    const endpoint = await createDemoSinkEndpoint(db(), partner.partnerId, `paging-${newId()}`);
    const other = await createDemoSinkEndpoint(db(), partner.partnerId, `paging-other-${newId()}`);
    const base = Date.parse('2026-11-20T08:00:00.000Z');
    const made: string[] = [];
    for (let n = 0; n < 9; n++) {
      const eventId = `evt_${newId()}`;
      const [event] = await db()
        .insert(events)
        .values({ id: eventId, type: n % 2 ? 'ORDER_UPDATED' : 'ORDER_CREATED', resource: 'order', resourceId: newId(), resourceVersion: 1, payload: {} })
        .returning();
      const id = `whd_${String(n).padStart(2, '0')}_${newId()}`;
      made.push(id);
      await db()
        .insert(webhookDeliveries)
        .values({
          id,
          eventId,
          eventSeq: event!.seq,
          eventType: event!.type,
          endpointId: n === 8 ? other.id : endpoint.id,
          partnerId: partner.partnerId,
          resourceKey: `order:${eventId}`,
          status: n < 3 ? 'FAILED' : 'SUCCEEDED',
          // The last two of the endpoint have the same instant: the id orders them.
          createdAt: new Date(base + Math.min(n, 6) * 60_000),
        });
    }
    const pages = await allPages((after) => pageDeliveries(db(), { endpointId: endpoint.id }, { after, limit: 3 }));
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
    expect(pages.flat().map((delivery) => delivery.id)).toEqual(made.slice(0, 8).reverse());
    const failed = await pageDeliveries(db(), { endpointId: endpoint.id, status: 'FAILED' }, { limit: 10 });
    expect(failed.rows.map((delivery) => delivery.id)).toEqual(made.slice(0, 3).reverse());
    const window = await pageDeliveries(
      db(),
      { partnerId: partner.partnerId, eventType: 'ORDER_CREATED', from: new Date(base + 60_000), to: new Date(base + 5 * 60_000) },
      { limit: 10 },
    );
    expect(window.rows.map((delivery) => delivery.id)).toEqual([made[4], made[2]]);
    expect(window.next).toBeNull();
  });

  it('pages the audit log, filters it by resource, and tells each entry in words with a link', async () => {
    const actor = { type: 'user' as const, id: `usr_${newId()}`, label: `maria-${newId()}@bistro.test` };
    for (let n = 0; n < 5; n++) {
      await recordAudit(db(), actor, { action: 'partner.create', targetType: 'partner', targetId: `ptr_${n}`, after: { name: `Partner ${n}` } });
    }
    await recordAudit(db(), actor, { action: 'webhook-endpoint.rotate-secret', targetType: 'webhook-endpoint', targetId: 'whe_1' });
    const partnersOnly = await allPages((after) => pageAudit(db(), { actor: actor.label, targetType: 'partner' }, { after, limit: 2 }));
    expect(partnersOnly.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(partnersOnly.flat().map((entry) => entry.targetId)).toEqual(['ptr_4', 'ptr_3', 'ptr_2', 'ptr_1', 'ptr_0']);
    const [rotated] = (await pageAudit(db(), { actor: actor.label }, { limit: 1 })).rows;
    expect(auditSentence(rotated!)).toEqual({
      words: `${actor.label} rotated the secret of webhook endpoint whe_1`,
      href: '/dashboard/admin/deliveries?endpointId=whe_1',
    });
    expect(auditSentence(partnersOnly[0]![0]!)).toEqual({ words: `${actor.label} created partner Partner 4`, href: '/dashboard/admin/partners/ptr_4' });
    expect(auditSentence({ actorLabel: 'Counterpart', action: 'form /dashboard/orders', targetType: null, targetId: null, after: null }).words).toBe(
      'Counterpart: form /dashboard/orders',
    );
  });
});
