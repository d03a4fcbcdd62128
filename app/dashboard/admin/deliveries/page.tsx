import type { Metadata } from 'next';
import { ConsoleNav } from '@/components/admin/console-nav';
import { BulkReplay, DeliveryList } from '@/components/admin/delivery-list';
import { FilterBar } from '@/components/admin/filter-bar';
import { Pager } from '@/components/admin/pager';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { deliveryStatusSchema } from '@/lib/events/delivery-log';
import { eventTypes } from '@/lib/events/event-types';
import { endpointOptions, partnerOptions } from '@/lib/ops/partners-view';
import { pageDeliveries } from '@/lib/ops/deliveries';
import { pageSizeOf } from '@/lib/ops/paging';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, utcDateParam, type SearchParams } from '../search-params';

export const metadata: Metadata = { title: 'Deliveries' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/deliveries';
const FILTERS = ['partnerId', 'status', 'endpointId', 'eventId', 'eventType', 'deliveryId', 'from', 'to'] as const;

/** Delivery forensics: deliveries a page at a time with their attempts, replay in place, bulk replay with a count first. */
export default async function DeliveriesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values: Record<string, string | undefined> = Object.fromEntries([...FILTERS, 'after', 'size'].map((key) => [key, firstParam(search[key])]));
  const status = deliveryStatusSchema.safeParse(values.status);
  const size = pageSizeOf(values.size);
  const db = getDb();
  const [page, endpoints, partners] = await Promise.all([
    pageDeliveries(
      db,
      {
        partnerId: values.partnerId,
        status: status.success ? status.data : undefined,
        endpointId: values.endpointId,
        eventId: values.eventId,
        eventType: values.eventType,
        deliveryId: values.deliveryId,
        from: utcDateParam(values.from),
        to: utcDateParam(values.to),
      },
      { after: values.after, limit: size },
    ),
    endpointOptions(db),
    partnerOptions(db),
  ]);
  const endpointChoices = endpoints.map((endpoint) => ({ value: endpoint.id, label: `${endpoint.partnerName}: ${endpoint.url}` }));
  return (
    <>
      <PageHeader title="Webhook deliveries" description="Each delivery with every attempt; replay one, or every failed one of an endpoint since a time." />
      <ConsoleNav current={PAGE} />
      <Card title="Bulk replay" className="mb-6">
        <BulkReplay endpoints={endpointChoices.map((choice) => ({ id: choice.value, label: choice.label }))} />
      </Card>
      <FilterBar
        action={PAGE}
        values={{ ...values, after: undefined }}
        hidden={{ size: values.size }}
        filters={[
          { name: 'partnerId', label: 'Partner', options: partners.map((partner) => ({ value: partner.id, label: partner.name })) },
          {
            name: 'status',
            label: 'Outcome',
            options: [
              { value: 'PENDING', label: 'Waiting to be delivered' },
              { value: 'SUCCEEDED', label: 'Delivered' },
              { value: 'FAILED', label: 'Failed' },
            ],
          },
          { name: 'endpointId', label: 'Endpoint', options: endpointChoices },
          { name: 'eventType', label: 'Event type', options: eventTypes.map((type) => ({ value: type, label: type })) },
          { name: 'eventId', label: 'Event id' },
          { name: 'deliveryId', label: 'Delivery id' },
          { name: 'from', label: 'From (UTC)', type: 'datetime-local' },
          { name: 'to', label: 'To (UTC)', type: 'datetime-local' },
        ]}
      />
      {page.rows.length ? <DeliveryList deliveries={page.rows} /> : <EmptyState>No deliveries match these filters.</EmptyState>}
      <Pager action={PAGE} values={values} shown={page.rows.length} next={page.next} size={size} noun="deliveries" />
    </>
  );
}
