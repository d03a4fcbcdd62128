import type { Metadata } from 'next';
import { ActivityList } from '@/components/admin/activity-list';
import { ConsoleNav } from '@/components/admin/console-nav';
import { LiveRefresh } from '@/components/admin/live-refresh';
import { OverviewChartsLazy } from '@/components/admin/overview-charts-lazy';
import { SigningKeysPanel } from '@/components/admin/signing-keys-panel';
import { Card, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import Link from 'next/link';
import { recentEvents } from '@/lib/events/delivery-log';
import { consoleCounts, overviewSeries } from '@/lib/ops/overview';
import { requireDashboardUser } from '../_lib/action';

export const metadata: Metadata = { title: 'Admin' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin';

/** The operator console's overview: the hub's health at a glance over the last 24 hours, refreshing live. */
export default async function AdminPage() {
  await requireDashboardUser(['ADMIN'], PAGE);
  const db = getDb();
  const [series, activity, counts] = await Promise.all([overviewSeries(db), recentEvents(db, 30), consoleCounts(db)]);
  const backlog = series.deliveries.reduce((sum, hour) => sum + hour.backlog, 0);
  const failed = series.deliveries.reduce((sum, hour) => sum + hour.failed, 0);
  const requests = series.requests.reduce((sum, minute) => sum + minute['2xx/3xx'] + minute['4xx'] + minute['5xx'], 0);
  return (
    <>
      <PageHeader title="Admin" description="Operator console: the hub's health over the last 24 hours." actions={<LiveRefresh seconds={10} />} />
      <ConsoleNav current={PAGE} />
      <div className="mb-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {[
          ['API requests (24 h)', requests],
          ['Webhook backlog', backlog],
          ['POS online', series.posOnline],
          ['Top error', series.topErrors[0]?.code ?? 'None'],
        ].map(([label, value]) => (
          <Card key={label}>
            <p className="text-xs uppercase text-stone-500">{label}</p>
            {typeof value === 'number' ? (
              <p className="mt-1 text-2xl font-semibold">{value}</p>
            ) : (
              // An error code as long as VALIDATION_FAILED would widen a half-width card on a phone: it may break after
              // each underscore, and any word still too long breaks where it must.
              <p className="mt-1 text-lg font-semibold break-words">
                {value.split('_').map((part, index, parts) => (index < parts.length - 1 ? [`${part}_`, <wbr key={index} />] : part))}
              </p>
            )}
          </Card>
        ))}
      </div>
      <OverviewChartsLazy series={series} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Recent activity">
          <ActivityList items={activity} />
        </Card>
        <Card title="The hub">
          <ul className="space-y-2 text-sm">
            {[
              [`${counts.partners} partners, ${counts.endpoints} webhook endpoints`, '/dashboard/admin/partners'],
              [`${counts.merchants} merchants with ${counts.locations} locations`, '/dashboard/admin/tenants'],
              [
                failed ? `${failed} webhook deliveries failed in 24 hours` : 'No failed webhook deliveries in 24 hours',
                '/dashboard/admin/deliveries?status=FAILED',
              ],
              [backlog ? `${backlog} deliveries waiting for their next attempt` : 'No deliveries waiting', '/dashboard/admin/deliveries?status=PENDING'],
            ].map(([label, href]) => (
              <li key={href}>
                <Link href={href!} className="underline underline-offset-2">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <div className="mt-6">
        <SigningKeysPanel />
      </div>
    </>
  );
}
