import type { Metadata } from 'next';
import Link from 'next/link';
import { ConsoleNav } from '@/components/admin/console-nav';
import { FilterBar } from '@/components/admin/filter-bar';
import { Badge } from '@/components/ui/badge';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { config } from '@/lib/config';
import { eventsOfRequest } from '@/lib/ops/request-log';
import { partnerOptions } from '@/lib/ops/partners-view';
import { pageSizeOf } from '@/lib/ops/paging';
import { getRequest, pageRequests } from '@/lib/ops/request-log';
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
    ['partnerId', 'status', 'method', 'route', 'errorCode', 'from', 'to', 'requestId', 'id', 'after', 'size'].map((key) => [key, firstParam(search[key])]),
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
  const selected = values.id && /^\d+$/.test(values.id) ? await getRequest(db, Number(values.id)) : undefined;
  const caused = selected ? await eventsOfRequest(db, selected.requestId) : [];
  const partnerName = (id: string | null) => partners.find((partner) => partner.id === id)?.name ?? '—';
  const linkWith = (change: Record<string, string | undefined>) => {
    const params = new URLSearchParams(Object.entries({ ...values, ...change }).filter((entry): entry is [string, string] => Boolean(entry[1])));
    return `${PAGE}?${params}`;
  };
  return (
    <>
      <PageHeader
        title="API requests"
        description={`Every partner-API, OAuth and /manage request, kept ${config().API_LOG_RETENTION_DAYS} days. Bodies of 4xx/5xx answers are kept redacted.`}
      />
      <ConsoleNav current={PAGE} />
      <FilterBar
        action={PAGE}
        values={{ ...values, after: undefined, id: undefined }}
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
      {selected ? (
        <Card
          title={`${selected.method} ${selected.route} → ${selected.status}`}
          actions={<Link href={linkWith({ id: undefined })}>Close</Link>}
          className="mb-6"
        >
          <dl
            className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm md:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]"
            data-testid="request-detail"
          >
            <dt className="text-stone-500">Request id</dt>
            <dd className="break-all font-mono text-xs">{selected.requestId}</dd>
            <dt className="text-stone-500">Path</dt>
            <dd className="break-all font-mono text-xs">{selected.path}</dd>
            <dt className="text-stone-500">Partner</dt>
            <dd>{partnerName(selected.partnerId)}</dd>
            <dt className="text-stone-500">Client / grant</dt>
            <dd className="break-all font-mono text-xs">
              {selected.clientId ?? '—'} / {selected.grant ?? '—'}
            </dd>
            <dt className="text-stone-500">Location</dt>
            <dd>{selected.locationId ?? '—'}</dd>
            <dt className="text-stone-500">Latency</dt>
            <dd>{selected.latencyMs} ms</dd>
            <dt className="text-stone-500">Error code</dt>
            <dd>{selected.errorCode ?? '—'}</dd>
          </dl>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <div>
              <h3 className="text-sm font-semibold">Request body</h3>
              <pre className="max-h-72 overflow-auto rounded bg-stone-100 p-2 text-xs" data-testid="request-body">
                {selected.requestBody ?? '(kept for 4xx/5xx answers only)'}
              </pre>
            </div>
            <div>
              <h3 className="text-sm font-semibold">Response body</h3>
              <pre className="max-h-72 overflow-auto rounded bg-stone-100 p-2 text-xs" data-testid="response-body">
                {selected.responseBody ?? '(kept for 4xx/5xx answers only)'}
              </pre>
            </div>
          </div>
          <h3 className="mt-4 text-sm font-semibold">Events it caused</h3>
          {caused.length ? (
            <ul className="text-sm">
              {caused.map((event) => (
                <li key={event.id}>
                  <Link className="text-brand-700 underline" href={`/dashboard/admin/deliveries?eventId=${event.id}`}>
                    {event.type}
                  </Link>{' '}
                  <span className="text-xs text-stone-500">
                    {event.resource} {event.resourceId}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-500">None.</p>
          )}
        </Card>
      ) : null}
      {rows.length ? (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm [&_td]:px-2 [&_th]:whitespace-nowrap [&_th]:px-2" data-testid="request-log">
            <thead className="bg-stone-50 text-xs uppercase text-stone-500">
              <tr>
                <th className="px-3 py-2">Time (UTC)</th>
                <th>Status</th>
                <th>Method</th>
                <th>Route</th>
                <th>Partner</th>
                <th>Error</th>
                <th>Latency</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="px-3 py-1.5 font-mono text-xs">
                    <Link className="underline" href={linkWith({ id: String(row.id) })}>
                      {row.at.toISOString().replace('T', ' ').slice(0, 23)}
                    </Link>
                  </td>
                  <td>
                    <Badge tone={tone(row.status)}>{row.status}</Badge>
                  </td>
                  <td>{row.method}</td>
                  <td className="font-mono text-xs">{row.route}</td>
                  <td>{partnerName(row.partnerId)}</td>
                  <td className="text-xs">{row.errorCode ?? ''}</td>
                  <td>{row.latencyMs} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState>No requests match these filters.</EmptyState>
      )}
      <Pager action={PAGE} values={{ ...values, id: undefined }} shown={rows.length} next={page.next} size={size} noun="requests" />
    </>
  );
}
