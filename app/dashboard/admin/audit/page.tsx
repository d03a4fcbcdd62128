import type { Metadata } from 'next';
import Link from 'next/link';
import { ConsoleNav } from '@/components/admin/console-nav';
import { FilterBar } from '@/components/admin/filter-bar';
import { Badge } from '@/components/ui/badge';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { auditSentence, pageAudit } from '@/lib/ops/audit';
import { pageSizeOf } from '@/lib/ops/paging';
import { Pager } from '@/components/admin/pager';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, utcDateParam, type SearchParams } from '../search-params';

export const metadata: Metadata = { title: 'Audit log' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/audit';
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** Who changed what, when: the console, /manage and merchants' dashboards; kept a year. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values: Record<string, string | undefined> = Object.fromEntries(
    ['action', 'actor', 'targetType', 'targetId', 'requestId', 'from', 'to', 'after', 'size'].map((key) => [key, firstParam(search[key])]),
  );
  const size = pageSizeOf(values.size);
  const page = await pageAudit(
    getDb(),
    {
      action: values.action,
      actor: values.actor,
      targetType: values.targetType,
      targetId: values.targetId,
      requestId: values.requestId,
      from: utcDateParam(values.from),
      to: utcDateParam(values.to),
    },
    { after: values.after, limit: size },
  );
  const entries = page.rows;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made from the console, /manage or a merchant's dashboard, kept one year. Secrets are never stored."
      />
      <ConsoleNav current={PAGE} />
      <FilterBar
        action={PAGE}
        values={{ ...values, after: undefined }}
        hidden={{ size: values.size }}
        filters={[
          { name: 'action', label: 'Action', placeholder: 'partner.create' },
          { name: 'actor', label: 'Who', placeholder: 'email or ADMIN_API_KEY' },
          {
            name: 'targetType',
            label: 'Resource',
            options: ['partner', 'client', 'connection', 'webhook-endpoint', 'merchant', 'location', 'user', 'loyalty-program', 'delivery'].map((value) => ({
              value,
              label: value.replaceAll('-', ' '),
            })),
          },
          { name: 'targetId', label: 'Target id' },
          { name: 'requestId', label: 'Request id' },
          { name: 'from', label: 'From (UTC)', type: 'datetime-local' },
          { name: 'to', label: 'To (UTC)', type: 'datetime-local' },
        ]}
      />
      {entries.length ? (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm [&_td]:px-2 [&_th]:whitespace-nowrap [&_th]:px-2" data-testid="audit-log">
            <thead className="bg-stone-50 text-xs uppercase text-stone-500">
              <tr>
                <th className="px-3 py-2">When (UTC)</th>
                <th>What happened</th>
                <th>Who</th>
                <th>Action</th>
                <th>Target</th>
                <th>Before → after</th>
                <th>Request</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100 align-top">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-3 py-1.5 font-mono text-xs">{entry.at.toISOString().replace('T', ' ').slice(0, 19)}</td>
                  <td className="min-w-48">
                    {(() => {
                      const { words, href } = auditSentence(entry);
                      return href ? (
                        <Link className="underline underline-offset-2" href={href}>
                          {words}
                        </Link>
                      ) : (
                        words
                      );
                    })()}
                  </td>
                  <td>
                    <Badge tone={entry.actorType === 'system' ? 'amber' : entry.actorType === 'admin-api' ? 'blue' : 'neutral'}>{entry.actorType}</Badge>{' '}
                    {entry.actorLabel}
                  </td>
                  <td className="font-mono text-xs">{entry.action}</td>
                  <td className="text-xs">
                    {entry.targetType ?? ''} <code>{entry.targetId ?? ''}</code>
                  </td>
                  <td>
                    <details>
                      <summary className="cursor-pointer text-xs text-stone-600">changes</summary>
                      <pre className="max-w-xl overflow-auto text-xs">
                        {json(entry.before)} → {json(entry.after)}
                      </pre>
                    </details>
                  </td>
                  <td className="font-mono text-xs">
                    {entry.requestId ? (
                      <a className="underline" href={`/dashboard/admin/requests?requestId=${encodeURIComponent(entry.requestId)}`}>
                        {entry.requestId.slice(0, 12)}
                      </a>
                    ) : (
                      ''
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState>No changes match these filters.</EmptyState>
      )}
      <Pager action={PAGE} values={values} shown={entries.length} next={page.next} size={size} noun="changes" />
    </>
  );
}
