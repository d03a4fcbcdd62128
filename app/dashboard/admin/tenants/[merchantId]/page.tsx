import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ActionDialog } from '@/components/admin/action-dialog';
import { ConsoleNav } from '@/components/admin/console-nav';
import { ConsoleTable } from '@/components/admin/console-table';
import { FilterBar } from '@/components/admin/filter-bar';
import { Pager } from '@/components/admin/pager';
import { Badge } from '@/components/ui/badge';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { pageSizeOf } from '@/lib/ops/paging';
import { MERCHANT_SHOWN, merchantView, pageLocations } from '@/lib/ops/tenants-view';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { requireDashboardUser } from '../../../_lib/action';
import { firstParam, type SearchParams } from '../../search-params';
import { partnerTypeWords, roleWords } from '../../words';
import { createLocationAction, inviteMemberAction, renameMerchantAction, updateLocationAction } from '../actions';

export const metadata: Metadata = { title: 'Merchant' };
export const dynamic = 'force-dynamic';

const LIST = '/dashboard/admin/tenants';
const memberRoleOptions = MERCHANT_ROLES.map((role) => ({ value: role, label: roleWords[role] ?? role }));

/** One merchant: its locations a page at a time, its users and the partners connected to its locations. */
export default async function MerchantPage({ params, searchParams }: { params: Promise<{ merchantId: string }>; searchParams: Promise<SearchParams> }) {
  const { merchantId } = await params;
  const PAGE = `${LIST}/${encodeURIComponent(merchantId)}`;
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values: Record<string, string | undefined> = Object.fromEntries(['name', 'after', 'size'].map((key) => [key, firstParam(search[key])]));
  const size = pageSizeOf(values.size);
  const db = getDb();
  const [merchant, locations] = await Promise.all([
    merchantView(db, merchantId),
    pageLocations(db, merchantId, { name: values.name }, { after: values.after, limit: size }),
  ]);
  if (!merchant) notFound();
  return (
    <>
      <PageHeader
        title={merchant.name}
        description={
          <>
            Merchant · <code className="break-all text-xs">{merchant.id}</code> · {merchant.locationCount.toLocaleString('en')} locations
          </>
        }
        actions={
          <ActionDialog
            trigger="Rename merchant"
            title={`Rename ${merchant.name}`}
            action={renameMerchantAction}
            submit="Rename"
            fields={[
              { name: 'merchantId', label: '', type: 'hidden', value: merchant.id },
              { name: 'name', label: 'Name', value: merchant.name },
            ]}
          />
        }
      />
      <ConsoleNav current={LIST} />
      <p className="mb-4 text-sm">
        <Link className="underline" href={LIST}>
          ← All merchants
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="locations-heading" className="min-w-0 lg:col-span-2">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="locations-heading" className="text-base font-semibold">
              Locations
            </h2>
            <ActionDialog
              trigger="New location"
              title={`New location of ${merchant.name}`}
              action={createLocationAction}
              submit="Create location"
              fields={[
                { name: 'merchantId', label: '', type: 'hidden', value: merchant.id },
                { name: 'name', label: 'Location name' },
                { name: 'locationId', label: 'Location id (optional)', placeholder: 'generated when empty' },
                { name: 'timezone', label: 'Time zone', placeholder: 'Australia/Sydney' },
              ]}
            />
          </div>
          <FilterBar
            action={PAGE}
            values={{ ...values, after: undefined }}
            hidden={{ size: values.size }}
            filters={[{ name: 'name', label: 'Name or id contains' }]}
          />
          {locations.rows.length ? (
            <ConsoleTable
              label={`Locations of ${merchant.name}`}
              testId="locations"
              columns={[
                { id: 'name', header: 'Location' },
                { id: 'timezone', header: 'Time zone', wide: true },
                { id: 'edit', header: 'Change' },
              ]}
              rows={locations.rows.map((location) => ({
                id: location.id,
                cells: {
                  name: (
                    <>
                      <span className="font-medium">{location.name}</span>
                      <div className="break-all font-mono text-xs text-stone-500">{location.id}</div>
                    </>
                  ),
                  timezone: location.timezone,
                  edit: (
                    <ActionDialog
                      trigger="Edit"
                      title={`Edit ${location.name}`}
                      description="The location keeps its id: partners and tokens name it."
                      action={updateLocationAction}
                      submit="Save location"
                      fields={[
                        { name: 'locationId', label: '', type: 'hidden', value: location.id },
                        { name: 'name', label: 'Location name', value: location.name },
                        { name: 'timezone', label: 'Time zone', value: location.timezone },
                      ]}
                    />
                  ),
                },
              }))}
            />
          ) : (
            <EmptyState>No locations match.</EmptyState>
          )}
          <Pager action={PAGE} values={values} shown={locations.rows.length} next={locations.next} size={size} noun="locations" />
        </section>
        <div className="min-w-0 space-y-6">
          <Card
            title="Users"
            actions={
              <ActionDialog
                trigger="Invite"
                title={`Invite a member of ${merchant.name}`}
                description="They get a mail with a single-use link and choose their own password."
                action={inviteMemberAction}
                submit="Invite"
                fields={[
                  { name: 'email', label: 'Email', type: 'email' },
                  { name: 'role', label: 'Role', type: 'select', required: true, options: memberRoleOptions, value: 'OWNER' },
                  { name: 'merchantId', label: '', type: 'hidden', value: merchant.id },
                ]}
              />
            }
          >
            {merchant.users.length ? (
              <ul className="divide-y divide-stone-100 text-sm" data-testid="merchant-users">
                {merchant.users.map((user) => (
                  <li key={user.id} className="py-1.5">
                    <Link className="break-all underline underline-offset-2" href={`/dashboard/admin/users?email=${encodeURIComponent(user.email)}`}>
                      {user.email}
                    </Link>{' '}
                    <span className="text-xs text-stone-500">{roleWords[user.role] ?? user.role}</span>{' '}
                    {user.disabledAt ? <Badge tone="red">disabled</Badge> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-600">No users yet.</p>
            )}
            {merchant.users.length === MERCHANT_SHOWN ? <p className="mt-1 text-xs text-stone-500">The first {MERCHANT_SHOWN} by email.</p> : null}
          </Card>
          <Card title="Connected partners">
            {merchant.partners.length ? (
              <ul className="divide-y divide-stone-100 text-sm" data-testid="merchant-partners">
                {merchant.partners.map((partner) => (
                  <li key={partner.id} className="py-1.5">
                    <Link className="underline underline-offset-2" href={`/dashboard/admin/partners/${encodeURIComponent(partner.id)}`}>
                      {partner.name}
                    </Link>{' '}
                    <span className="text-xs text-stone-500">
                      {partnerTypeWords[partner.type] ?? partner.type} · {partner.locations.toLocaleString('en')} of its locations
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone-600">No partner is connected to its locations.</p>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
