import type { Metadata } from 'next';
import { ConsoleNav } from '@/components/admin/console-nav';
import { BulkReplay, DeliveryList } from '@/components/admin/delivery-list';
import { FilterBar } from '@/components/admin/filter-bar';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { deliveryStatusSchema, listDeliveries } from '@/lib/events/delivery-log';
import { endpointOptions, partnerOptions } from '@/lib/ops/console';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, type SearchParams } from '../search-params';

export const metadata: Metadata = { title: 'Deliveries' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/deliveries';

/** Delivery forensics: every delivery with its attempts, replay in place, and bulk replay with a count first. */
export default async function DeliveriesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values = Object.fromEntries(['partnerId', 'status', 'endpointId', 'eventId', 'eventType'].map((key) => [key, firstParam(search[key])]));
  const status = deliveryStatusSchema.safeParse(values.status);
  const db = getDb();
  const [deliveries, endpoints, partners] = await Promise.all([
    listDeliveries(
      db,
      {
        partnerId: values.partnerId,
        status: status.success ? status.data : undefined,
        endpointId: values.endpointId,
        eventId: values.eventId,
        eventType: values.eventType,
      },
      200,
    ),
    endpointOptions(db),
    partnerOptions(db),
  ]);
  return (
    <>
      <PageHeader title="Webhook deliveries" description="Each delivery with every attempt; replay one, or every failed one of an endpoint since a time." />
      <ConsoleNav current={PAGE} />
      <Card title="Bulk replay" className="mb-6">
        <BulkReplay endpoints={endpoints.map((endpoint) => ({ id: endpoint.id, label: `${endpoint.partnerName}: ${endpoint.url}` }))} />
      </Card>
      <FilterBar
        action={PAGE}
        values={values}
        filters={[
          { name: 'partnerId', label: 'Partner', options: partners.map((partner) => ({ value: partner.id, label: partner.name })) },
          { name: 'status', label: 'Status', options: ['PENDING', 'SUCCEEDED', 'FAILED'].map((value) => ({ value, label: value })) },
          {
            name: 'endpointId',
            label: 'Endpoint',
            options: endpoints.map((endpoint) => ({ value: endpoint.id, label: `${endpoint.partnerName}: ${endpoint.url}` })),
          },
          { name: 'eventType', label: 'Event type', placeholder: 'ORDER_CREATED' },
          { name: 'eventId', label: 'Event id' },
        ]}
      />
      {deliveries.length ? <DeliveryList deliveries={deliveries} /> : <EmptyState>No deliveries match these filters.</EmptyState>}
    </>
  );
}
