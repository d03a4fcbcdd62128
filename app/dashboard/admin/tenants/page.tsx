import type { Metadata } from 'next';
import Link from 'next/link';
import { ActionDialog } from '@/components/admin/action-dialog';
import { ConsoleNav } from '@/components/admin/console-nav';
import { ConsoleTable } from '@/components/admin/console-table';
import { FilterBar } from '@/components/admin/filter-bar';
import { Pager } from '@/components/admin/pager';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { pageSizeOf } from '@/lib/ops/paging';
import { pageMerchants } from '@/lib/ops/tenants-view';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, type SearchParams } from '../search-params';
import { createMerchantAction } from './actions';

export const metadata: Metadata = { title: 'Merchants' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/tenants';

/** Every merchant a page at a time, by name; each opens its own page (locations, users, connected partners). */
export default async function TenantsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values: Record<string, string | undefined> = Object.fromEntries(['name', 'after', 'size'].map((key) => [key, firstParam(search[key])]));
  const size = pageSizeOf(values.size);
  const page = await pageMerchants(getDb(), { name: values.name }, { after: values.after, limit: size });
  return (
    <>
      <PageHeader
        title="Merchants"
        description="Merchants, a page at a time: open one for its locations, users and connected partners."
        actions={
          <ActionDialog
            trigger="New merchant"
            title="New merchant"
            action={createMerchantAction}
            submit="Create merchant"
            fields={[
              { name: 'name', label: 'Merchant name' },
              { name: 'ownerEmail', label: 'First owner’s email (invited by mail)', type: 'email', required: false },
            ]}
          />
        }
      />
      <ConsoleNav current={PAGE} />
      <FilterBar action={PAGE} values={{ ...values, after: undefined }} hidden={{ size: values.size }} filters={[{ name: 'name', label: 'Name contains' }]} />
      {page.rows.length ? (
        <ConsoleTable
          label="Merchants"
          testId="merchants"
          columns={[
            { id: 'name', header: 'Merchant' },
            { id: 'locations', header: 'Locations' },
            { id: 'users', header: 'Users', wide: true },
          ]}
          rows={page.rows.map((merchant) => ({
            id: merchant.id,
            cells: {
              name: (
                <>
                  <Link className="font-medium underline underline-offset-2" href={`${PAGE}/${encodeURIComponent(merchant.id)}`} data-testid="merchant-name">
                    {merchant.name}
                  </Link>
                  <div className="break-all font-mono text-xs text-stone-500">{merchant.id}</div>
                </>
              ),
              locations: merchant.locations.toLocaleString('en'),
              users: merchant.users.toLocaleString('en'),
            },
          }))}
        />
      ) : (
        <EmptyState>No merchants match these filters.</EmptyState>
      )}
      <Pager action={PAGE} values={values} shown={page.rows.length} next={page.next} size={size} noun="merchants" />
    </>
  );
}
