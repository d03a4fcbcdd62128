import type { Metadata } from 'next';
import Link from 'next/link';
import { ConsoleNav } from '@/components/admin/console-nav';
import { FilterBar } from '@/components/admin/filter-bar';
import { Badge } from '@/components/ui/badge';
import { ConsoleTable } from '@/components/admin/console-table';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { config } from '@/lib/config';
import { partnerOptions } from '@/lib/ops/partners-view';
import { pageSizeOf } from '@/lib/ops/paging';
import { pageRequests } from '@/lib/ops/request-log';
import { Pager } from '@/components/admin/pager';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, utcDateParam, type SearchParams } from '../search-params';

export const metadata: Metadata = { title: 'API requests' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/requests';
const tone = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'amber' : 'green');

/** The API request log (Square API Logs): filters in the URL, a row opens its bodies and what it caused. */
export default async function RequestsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values: Record<string, string | undefined> = Object.fromEntries(
    ['partnerId', 'status', 'method', 'route', 'errorCode', 'from', 'to', 'requestId', 'after', 'size'].map((key) => [key, firstParam(search[key])]),
  );
  // On unless turned off: "off" in a link, or the filter form sent without its box ticked.
  const polling = firstParam(search.hidePolling);
  values.hidePolling = polling === 'off' || (polling !== 'on' && firstParam(search.hidePollingShown)) ? 'off' : 'on';
  const size = pageSizeOf(values.size);
  const db = getDb();
  const [page, partners] = await Promise.all([
    pageRequests(
      db,
      {
        partnerId: values.partnerId,
        statusClass: values.status,
        method: values.method,
        route: values.route,
        errorCode: values.errorCode,
        requestId: values.requestId,
        from: utcDateParam(values.from),
        to: utcDateParam(values.to),
        hidePolling: values.hidePolling === 'on',
      },
      { after: values.after, limit: size },
    ),
    partnerOptions(db),
  ]);
  const rows = page.rows;
  const partnerName = (id: string | null) => partners.find((partner) => partner.id === id)?.name ?? '—';
  return (
    <>
      <PageHeader
        title="API requests"
        description={`Every partner-API, OAuth and /manage request, kept ${config().API_LOG_RETENTION_DAYS} days. Bodies of 4xx/5xx answers are kept redacted.`}
      />
      <ConsoleNav current={PAGE} />
      <FilterBar
        action={PAGE}
        values={{ ...values, after: undefined }}
        hidden={{ size: values.size }}
        filters={[
          { name: 'partnerId', label: 'Partner', options: partners.map((partner) => ({ value: partner.id, label: partner.name })) },
          {
            name: 'status',
            label: 'Status',
            options: [
              { value: '2xx', label: '2xx succeeded' },
              { value: '3xx', label: '3xx redirected' },
              { value: '4xx', label: '4xx refused' },
              { value: '5xx', label: '5xx server error' },
            ],
          },
          { name: 'method', label: 'Method', options: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((value) => ({ value, label: value })) },
          { name: 'route', label: 'Route', placeholder: '/connect/orders' },
          { name: 'errorCode', label: 'Error code', placeholder: 'VALIDATION_FAILED' },
          { name: 'requestId', label: 'Request id' },
          { name: 'from', label: 'From (UTC)', type: 'datetime-local' },
          { name: 'to', label: 'To (UTC)', type: 'datetime-local' },
          { name: 'hidePolling', label: 'Hide polling', type: 'checkbox' },
        ]}
      />
      {rows.length ? (
        <ConsoleTable
          label="API requests"
          testId="request-log"
          columns={[
            { id: 'at', header: 'Time (UTC)' },
            { id: 'status', header: 'Status' },
            { id: 'method', header: 'Method' },
            { id: 'route', header: 'Route' },
            { id: 'partner', header: 'Partner', wide: true },
            { id: 'error', header: 'Error', wide: true },
            { id: 'latency', header: 'Latency', wide: true },
          ]}
          rows={rows.map((row) => ({
            id: String(row.id),
            cells: {
              at: (
                <Link className="whitespace-nowrap font-mono text-xs underline" href={`${PAGE}/${row.id}`}>
                  {row.at.toISOString().replace('T', ' ').slice(0, 23)}
                </Link>
              ),
              status: <Badge tone={tone(row.status)}>{row.status}</Badge>,
              method: row.method,
              route: <span className="break-all font-mono text-xs">{row.route}</span>,
              partner: partnerName(row.partnerId),
              error: <span className="break-all text-xs">{row.errorCode ?? ''}</span>,
              latency: <span className="whitespace-nowrap">{row.latencyMs} ms</span>,
            },
          }))}
        />
      ) : (
        <EmptyState>No requests match these filters.</EmptyState>
      )}
      <Pager action={PAGE} values={values} shown={rows.length} next={page.next} size={size} noun="requests" />
    </>
  );
}
