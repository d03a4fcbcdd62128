import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { ActivityList } from '@/components/admin/activity-list';
import { DeliveriesTable } from '@/components/admin/deliveries-table';
import { PartnersList } from '@/components/admin/partners-list';
import { SigningKeysPanel } from '@/components/admin/signing-keys-panel';
import { Card, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { listDeliveries, partnersWithClients, recentEvents } from '@/lib/events/delivery-log';

export const metadata: Metadata = { title: 'Admin' };
export const dynamic = 'force-dynamic';

export default async function AdminPage() {
  await requireUser(['ADMIN'], '/dashboard/admin');
  const db = getDb();
  const [activity, deliveries, partners] = await Promise.all([recentEvents(db, 50), listDeliveries(db, {}, 200), partnersWithClients(db)]);
  return (
    <>
      <PageHeader title="Admin" description="Activity, webhook deliveries, partners and clients." />
      <div className="space-y-6">
        <Card title="Webhook deliveries">
          <DeliveriesTable deliveries={deliveries} />
        </Card>
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Recent activity">
            <ActivityList items={activity} />
          </Card>
          <Card title="Partners and clients">
            <PartnersList partners={partners} />
          </Card>
        </div>
        <SigningKeysPanel />
      </div>
    </>
  );
}
