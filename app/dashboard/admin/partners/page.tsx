import type { Metadata } from 'next';
import Link from 'next/link';
import { ActionDialog } from '@/components/admin/action-dialog';
import { ConsoleNav } from '@/components/admin/console-nav';
import { FilterBar } from '@/components/admin/filter-bar';
import { Pager } from '@/components/admin/pager';
import { Badge } from '@/components/ui/badge';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { pagePartners } from '@/lib/ops/partners-view';
import { pageSizeOf } from '@/lib/ops/paging';
import { requireDashboardUser } from '../../_lib/action';
import { createPartnerAction } from './actions';
import { firstParam, type SearchParams } from '../search-params';
import { partnerTypeWords } from '../words';

export const metadata: Metadata = { title: 'Partners & webhooks' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/partners';
const partnerTypes = Object.entries(partnerTypeWords).map(([value, label]) => ({ value, label }));

/** Every partner a page at a time, by name; each opens its own page (clients, connections, endpoints). */
export default async function PartnersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values: Record<string, string | undefined> = Object.fromEntries(['name', 'type', 'after', 'size'].map((key) => [key, firstParam(search[key])]));
  const size = pageSizeOf(values.size);
  const page = await pagePartners(getDb(), { name: values.name, type: values.type }, { after: values.after, limit: size });
  return (
    <>
      <PageHeader
        title="Partners & webhooks"
        description="Partners, their clients, connections, loyalty programs and webhook endpoints: open a partner to change them."
        actions={
          <ActionDialog
            trigger="New partner"
            title="New partner"
            action={createPartnerAction}
            submit="Create partner"
            fields={[
              { name: 'name', label: 'Partner name' },
              { name: 'type', label: 'Type', type: 'select', options: partnerTypes, required: true },
            ]}
          />
        }
      />
      <ConsoleNav current={PAGE} />
      <FilterBar
        action={PAGE}
        values={{ ...values, after: undefined }}
        hidden={{ size: values.size }}
        filters={[
          { name: 'name', label: 'Name contains' },
          { name: 'type', label: 'Type', options: partnerTypes },
        ]}
      />
      {page.rows.length ? (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_th]:whitespace-nowrap [&_th]:px-3 [&_th]:py-2" data-testid="partners">
            <thead className="bg-stone-50 text-xs uppercase text-stone-500">
              <tr>
                <th>Partner</th>
                <th>Type</th>
                <th className="hidden sm:table-cell">Clients</th>
                <th className="hidden sm:table-cell">Locations</th>
                <th className="hidden sm:table-cell">Endpoints</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {page.rows.map((partner) => (
                <tr key={partner.id}>
                  <td>
                    <Link className="font-medium underline underline-offset-2" href={`${PAGE}/${encodeURIComponent(partner.id)}`} data-testid="partner-name">
                      {partner.name}
                    </Link>{' '}
                    {partner.disabledAt ? <Badge tone="red">disabled</Badge> : null}
                    <div className="font-mono text-xs text-stone-500">{partner.id}</div>
                  </td>
                  <td>{partnerTypeWords[partner.type] ?? partner.type}</td>
                  <td className="hidden sm:table-cell">{partner.clients.toLocaleString('en')}</td>
                  <td className="hidden sm:table-cell">{partner.connections.toLocaleString('en')}</td>
                  <td className="hidden sm:table-cell">{partner.endpoints.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState>No partners match these filters.</EmptyState>
      )}
      <Pager action={PAGE} values={values} shown={page.rows.length} next={page.next} size={size} noun="partners" />
    </>
  );
}
