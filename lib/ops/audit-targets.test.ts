import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/testing/database';

const { db } = useTestDatabase();

describe('an order move in the audit log', () => {
  it('names the order by its reference, its new status and its location, with a link to its events', async () => {
    const { seedDemoTenant } = await import('@/lib/seed/demo');
    const { sendSampleOrder } = await import('@/lib/orders/sample-order');
    const { orderAuditNote } = await import('./audit-targets');
    const { auditSentence } = await import('./audit');
    const { merchants, locations } = await import('@/db/schema');
    const { eq } = await import('drizzle-orm');
    await seedDemoTenant(db(), () => {});
    const [location] = await db().select().from(locations).where(eq(locations.id, 'demo-bistro-cbd'));
    const [merchant] = await db().select().from(merchants).where(eq(merchants.id, location!.merchantId));
    const order = await sendSampleOrder(db(), { merchantId: merchant!.id, locationId: location!.id });
    const note = (await orderAuditNote(db(), order.id))!;
    expect(note).toMatchObject({ locationId: 'demo-bistro-cbd', locationName: 'Demo Bistro CBD' });
    expect(note.reference).toMatch(/\S/);
    const sentence = auditSentence({
      actorLabel: 'maria@demo-bistro.test',
      action: 'order.move',
      targetType: 'order',
      targetId: order.id,
      after: { ...note, status: 'ACCEPTED', statusLabel: 'Accepted' },
    });
    expect(sentence).toEqual({
      words: `maria@demo-bistro.test moved order ${note.reference} to Accepted at Demo Bistro CBD`,
      href: `/dashboard/admin/events?resourceId=${order.id}`,
    });
  });
});
