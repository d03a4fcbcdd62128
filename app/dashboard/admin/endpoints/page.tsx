import type { Metadata } from 'next';
import Link from 'next/link';
import { ConsoleNav } from '@/components/admin/console-nav';
import { ConsoleTable } from '@/components/admin/console-table';
import { FilterBar } from '@/components/admin/filter-bar';
import { Pager } from '@/components/admin/pager';
import { Badge } from '@/components/ui/badge';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { isFailingLong } from '@/lib/ops/endpoint-health';
import { pageEndpoints } from '@/lib/ops/events-view';
import { pageSizeOf } from '@/lib/ops/paging';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, type SearchParams } from '../search-params';

export const metadata: Metadata = { title: 'Webhook endpoints' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/endpoints';
const time = (value: Date | null) => (value ? value.toISOString().replace('T', ' ').slice(0, 16) : '—');

/** Every webhook endpoint of every partner, a page at a time by partner, with how its deliveries fare. */
export default async function EndpointsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values: Record<string, string | undefined> = Object.fromEntries(
    ['partnerId', 'url', 'state', 'after', 'size'].map((key) => [key, firstParam(search[key])]),
  );
  const size = pageSizeOf(values.size);
  const page = await pageEndpoints(getDb(), { partnerId: values.partnerId, url: values.url, state: values.state }, { after: values.after, limit: size });
  return (
    <>
      <PageHeader title="Webhook endpoints" description="Each partner's endpoints and how their deliveries fare; change one on its partner's page." />
      <ConsoleNav current={PAGE} />
      <FilterBar
        action={PAGE}
        values={{ ...values, after: undefined }}
        hidden={{ size: values.size, partnerId: values.partnerId }}
        filters={[
          { name: 'url', label: 'URL contains' },
          {
            name: 'state',
            label: 'State',
            options: [
              { value: 'enabled', label: 'Enabled' },
              { value: 'disabled', label: 'Disabled' },
            ],
          },
        ]}
      />
      {page.rows.length ? (
        <ConsoleTable
          label="Webhook endpoints"
          testId="endpoints"
          columns={[
            { id: 'endpoint', header: 'Endpoint' },
            { id: 'state', header: 'State' },
            { id: 'day', header: 'Last 24 hours', wide: true },
            { id: 'waiting', header: 'Waiting', wide: true },
            { id: 'lastSuccess', header: 'Last delivered', wide: true },
          ]}
          rows={page.rows.map((endpoint) => ({
            id: endpoint.id,
            cells: {
              endpoint: (
                <>
                  <Link className="font-medium underline underline-offset-2" href={`/dashboard/admin/partners/${encodeURIComponent(endpoint.partnerId)}`}>
                    {endpoint.partnerName}
                  </Link>
                  <div className="break-all font-mono text-xs">{endpoint.url}</div>
                  <Link
                    className="font-mono text-xs text-stone-500 underline"
                    href={`/dashboard/admin/deliveries?endpointId=${encodeURIComponent(endpoint.id)}`}
                  >
                    {endpoint.id}
                  </Link>
                </>
              ),
              state: endpoint.disabledAt ? (
                <Badge tone="red">disabled</Badge>
              ) : isFailingLong(endpoint) ? (
                <Badge tone="amber">failing since {time(endpoint.failingSince)}</Badge>
              ) : (
                <Badge tone="green">enabled</Badge>
              ),
              day: (
                <span className="text-xs">
                  {endpoint.succeeded24h.toLocaleString('en')} attempts answered 2xx, {endpoint.failed24h.toLocaleString('en')} not
                </span>
              ),
              waiting: (
                <span className="text-xs">
                  {endpoint.pending.toLocaleString('en')} waiting · {endpoint.failed.toLocaleString('en')} given up
                </span>
              ),
              lastSuccess: <span className="whitespace-nowrap font-mono text-xs">{time(endpoint.lastSuccessAt)}</span>,
            },
          }))}
        />
      ) : (
        <EmptyState>No endpoints match these filters.</EmptyState>
      )}
      <Pager action={PAGE} values={values} shown={page.rows.length} next={page.next} size={size} noun="endpoints" />
    </>
  );
}
