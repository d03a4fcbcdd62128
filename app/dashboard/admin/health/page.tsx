import type { Metadata } from 'next';
import Link from 'next/link';
import { ConsoleNav } from '@/components/admin/console-nav';
import { LiveRefresh } from '@/components/admin/live-refresh';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { partnerHealth } from '@/lib/ops/partner-health';
import { requireDashboardUser } from '../../_lib/action';
import { partnerTypeWords } from '../words';

export const metadata: Metadata = { title: 'Partner health' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/health';
const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`);

export default async function HealthPage() {
  await requireDashboardUser(['ADMIN'], PAGE);
  const partners = await partnerHealth(getDb());
  return (
    <>
      <PageHeader
        title="Partner health"
        description="Last 24 hours, per partner; the backlog is every delivery still pending."
        actions={<LiveRefresh seconds={15} />}
      />
      <ConsoleNav current={PAGE} />
      <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="partner-health">
          <thead className="bg-stone-50 text-xs uppercase text-stone-500">
            <tr>
              <th className="px-3 py-2">Partner</th>
              <th>Last request</th>
              <th>Requests</th>
              <th>Error rate</th>
              <th>Token grants</th>
              <th>Locations</th>
              <th>Webhook success</th>
              <th>Backlog</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {partners.map((partner) => (
              <tr key={partner.id}>
                <td className="px-3 py-1.5">
                  <Link className="underline" href={`/dashboard/admin/requests?partnerId=${partner.id}`}>
                    {partner.name}
                  </Link>{' '}
                  <Badge>{partnerTypeWords[partner.type] ?? partner.type}</Badge>
                </td>
                <td className="font-mono text-xs">{partner.lastRequestAt ? partner.lastRequestAt.toISOString().replace('T', ' ').slice(0, 19) : '—'}</td>
                <td>{partner.requests24h}</td>
                <td>
                  {partner.errorRate24h === null ? (
                    <span className="text-xs text-stone-500">no requests</span>
                  ) : (
                    <Badge tone={partner.errorRate24h > 0.1 ? 'red' : partner.errorRate24h > 0.02 ? 'amber' : 'green'}>{percent(partner.errorRate24h)}</Badge>
                  )}
                </td>
                <td>{partner.tokenGrants24h}</td>
                <td className="py-1.5" data-testid="partner-locations">
                  <LocationsCell locations={partner.locations} />
                </td>
                <td>{percent(partner.webhookSuccessRate)}</td>
                <td>{partner.webhookBacklog}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type PartnerLocations = Awaited<ReturnType<typeof partnerHealth>>[number]['locations'];

/** How many locations a partner is connected to; for a POS how many are GREEN and RED, naming the first RED ones. */
function LocationsCell({ locations }: { locations: PartnerLocations }) {
  if (locations.online === null || locations.connected === 0)
    return <span className="whitespace-nowrap text-xs">{locations.connected.toLocaleString('en')} connected</span>;
  const red = locations.connected - locations.online;
  const unnamed = red - (locations.offline?.length ?? 0);
  return (
    <div className="space-y-1 text-xs">
      <div className="flex flex-wrap gap-1">
        <Badge tone="green">{locations.online.toLocaleString('en')} GREEN</Badge>
        <Badge tone={red ? 'red' : 'neutral'}>{red.toLocaleString('en')} RED</Badge>
      </div>
      {locations.offline?.length ? (
        <p className="max-w-xs break-words text-stone-600">
          <span className="sr-only">Offline: </span>
          {locations.offline.join(', ')}
          {unnamed > 0 ? ` and ${unnamed.toLocaleString('en')} more` : null}
        </p>
      ) : null}
    </div>
  );
}
