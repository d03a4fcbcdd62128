import type { Metadata } from 'next';
import Link from 'next/link';
import { ConsoleNav } from '@/components/admin/console-nav';
import { ConsoleTable } from '@/components/admin/console-table';
import { FilterBar } from '@/components/admin/filter-bar';
import { Pager } from '@/components/admin/pager';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { eventTypes } from '@/lib/events/event-types';
import { pageEvents } from '@/lib/ops/events-view';
import { pageSizeOf } from '@/lib/ops/paging';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, type SearchParams } from '../search-params';

export const metadata: Metadata = { title: 'Events' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/events';
const FILTERS = ['type', 'locationId', 'resourceId', 'requestId'] as const;
const time = (value: Date) => value.toISOString().replace('T', ' ').slice(0, 19);

/** Every event the hub emitted, newest first, a page at a time; each leads to its deliveries and the request that caused it. */
export default async function EventsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values: Record<string, string | undefined> = Object.fromEntries([...FILTERS, 'after', 'size'].map((key) => [key, firstParam(search[key])]));
  const size = pageSizeOf(values.size);
  const page = await pageEvents(
    getDb(),
    { type: values.type, locationId: values.locationId, resourceId: values.resourceId, requestId: values.requestId },
    {
      after: values.after,
      limit: size,
    },
  );
  return (
    <>
      <PageHeader title="Events" description="What happened on the hub, newest first: open an event's deliveries, or the API request that caused it." />
      <ConsoleNav current={PAGE} />
      <FilterBar
        action={PAGE}
        values={{ ...values, after: undefined }}
        hidden={{ size: values.size }}
        filters={[
          { name: 'type', label: 'Event type', options: eventTypes.map((type) => ({ value: type, label: type })) },
          { name: 'locationId', label: 'Location id' },
          { name: 'resourceId', label: 'Order, booking or sale id' },
          { name: 'requestId', label: 'Request id' },
        ]}
      />
      {page.rows.length ? (
        <ConsoleTable
          label="Events"
          testId="events"
          columns={[
            { id: 'at', header: 'Time (UTC)' },
            { id: 'type', header: 'Event' },
            { id: 'resource', header: 'Resource', wide: true },
            { id: 'location', header: 'Location', wide: true },
            { id: 'cause', header: 'Caused by', wide: true },
          ]}
          rows={page.rows.map((event) => ({
            id: event.id,
            cells: {
              at: <span className="whitespace-nowrap font-mono text-xs">{time(event.createdAt)}</span>,
              type: (
                <>
                  <Link className="font-mono text-xs underline underline-offset-2" href={`/dashboard/admin/deliveries?eventId=${encodeURIComponent(event.id)}`}>
                    {event.type}
                  </Link>
                  <div className="break-all font-mono text-xs text-stone-500">{event.id}</div>
                </>
              ),
              resource: (
                <span className="break-all text-xs">
                  {event.resource} {event.resourceId}
                </span>
              ),
              location: <span className="break-all font-mono text-xs">{event.locationId ?? '—'}</span>,
              cause: event.requestId ? (
                <Link
                  className="text-xs underline underline-offset-2"
                  href={`/dashboard/admin/requests?requestId=${encodeURIComponent(event.requestId)}&hidePolling=off`}
                >
                  its API request
                </Link>
              ) : (
                <span className="text-xs text-stone-500">the hub itself</span>
              ),
            },
          }))}
        />
      ) : (
        <EmptyState>No events match these filters.</EmptyState>
      )}
      <Pager action={PAGE} values={values} shown={page.rows.length} next={page.next} size={size} noun="events" />
    </>
  );
}
