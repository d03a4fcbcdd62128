import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ConsoleNav } from '@/components/admin/console-nav';
import { Badge } from '@/components/ui/badge';
import { Card, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { partnerOptions } from '@/lib/ops/partners-view';
import { eventsOfRequest, getRequest } from '@/lib/ops/request-log';
import { requireDashboardUser } from '../../../_lib/action';

export const metadata: Metadata = { title: 'API request' };
export const dynamic = 'force-dynamic';

const LIST = '/dashboard/admin/requests';
const tone = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'amber' : 'green');

/** A kept body as indented JSON when it is JSON (it was redacted before it was stored), else as it was kept. */
function pretty(body: string | null): string {
  if (body === null) return '(kept for 4xx/5xx answers only)';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One logged API request: who made it, what it answered, its redacted bodies and the events it caused. */
export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireDashboardUser(['ADMIN'], `${LIST}/${encodeURIComponent(id)}`);
  if (!/^\d{1,15}$/.test(id)) notFound();
  const db = getDb();
  const request = await getRequest(db, Number(id));
  if (!request) notFound();
  const [caused, partners] = await Promise.all([eventsOfRequest(db, request.requestId), partnerOptions(db)]);
  const partner = partners.find((row) => row.id === request.partnerId);
  return (
    <>
      <PageHeader
        title={`${request.method} ${request.route}`}
        description={
          <>
            <Badge tone={tone(request.status)}>{request.status}</Badge> at {request.at.toISOString().replace('T', ' ').slice(0, 23)} UTC
          </>
        }
      />
      <ConsoleNav current={LIST} />
      <p className="mb-4 text-sm">
        <Link className="underline" href={LIST}>
          ← All requests
        </Link>
      </p>
      <Card title="Request" className="mb-6">
        <dl
          className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm md:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]"
          data-testid="request-detail"
        >
          <dt className="text-stone-500">Request id</dt>
          <dd className="break-all font-mono text-xs">{request.requestId}</dd>
          <dt className="text-stone-500">Path</dt>
          <dd className="break-all font-mono text-xs">{request.path}</dd>
          <dt className="text-stone-500">Partner</dt>
          <dd>
            {partner ? (
              <Link className="underline" href={`/dashboard/admin/partners/${encodeURIComponent(partner.id)}`}>
                {partner.name}
              </Link>
            ) : (
              '—'
            )}
          </dd>
          <dt className="text-stone-500">Client / grant</dt>
          <dd className="break-all font-mono text-xs">
            {request.clientId ?? '—'} / {request.grant ?? '—'}
          </dd>
          <dt className="text-stone-500">Location</dt>
          <dd className="break-all">{request.locationId ?? '—'}</dd>
          <dt className="text-stone-500">Latency</dt>
          <dd>{request.latencyMs} ms</dd>
          <dt className="text-stone-500">Error code</dt>
          <dd className="break-all">{request.errorCode ?? '—'}</dd>
        </dl>
      </Card>
      <div className="mb-6 grid gap-4 lg:grid-cols-2">
        <Card title="Request body (redacted)">
          <pre className="max-h-96 overflow-auto rounded bg-stone-100 p-2 text-xs" data-testid="request-body" tabIndex={0}>
            {pretty(request.requestBody)}
          </pre>
        </Card>
        <Card title="Response body (redacted)">
          <pre className="max-h-96 overflow-auto rounded bg-stone-100 p-2 text-xs" data-testid="response-body" tabIndex={0}>
            {pretty(request.responseBody)}
          </pre>
        </Card>
      </div>
      <Card title="Events it caused">
        {caused.length ? (
          <ul className="text-sm" data-testid="caused-events">
            {caused.map((event) => (
              <li key={event.id} className="py-0.5">
                <Link className="text-brand-700 underline" href={`/dashboard/admin/deliveries?eventId=${encodeURIComponent(event.id)}`}>
                  {event.type}
                </Link>{' '}
                <span className="break-all text-xs text-stone-500">
                  {event.resource} {event.resourceId}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-500">None.</p>
        )}
      </Card>
    </>
  );
}
