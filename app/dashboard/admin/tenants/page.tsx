import type { Metadata } from 'next';
import { ActionForm } from '@/components/admin/action-form';
import { ConsoleNav } from '@/components/admin/console-nav';
import { Badge } from '@/components/ui/badge';
import { Card, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { listUsers, merchantsWithLocations } from '@/lib/ops/tenants-view';
import { partnersOverview } from '@/lib/ops/partners-view';
import { requireDashboardUser } from '../../_lib/action';
import {
  renameMerchantAction,
  updateLocationAction,
  changeRoleAction,
  createLocationAction,
  createMerchantAction,
  disableUserAction,
  inviteUserAction,
  resetPasswordAction,
} from './actions';

export const metadata: Metadata = { title: 'Merchants & users' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/tenants';

export default async function TenantsPage() {
  await requireDashboardUser(['ADMIN'], PAGE);
  const db = getDb();
  const [merchants, users, partners] = await Promise.all([merchantsWithLocations(db), listUsers(db), partnersOverview(db)]);
  const merchantOptions = merchants.map((merchant) => ({ value: merchant.id, label: merchant.name }));
  const reviewerPartnerOptions = partners.filter((partner) => partner.type === 'LOYALTY').map((partner) => ({ value: partner.id, label: partner.name }));
  const roleOptions = [
    { value: 'MERCHANT', label: 'Merchant' },
    { value: 'LOYALTY_PARTNER', label: 'Loyalty partner reviewer' },
    { value: 'ADMIN', label: 'Admin' },
  ];
  return (
    <>
      <PageHeader title="Merchants & users" description="Tenants, their locations and who signs in." />
      <ConsoleNav current={PAGE} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="New merchant">
          <ActionForm action={createMerchantAction} submit="Create merchant" fields={[{ name: 'name', label: 'Merchant name' }]} />
        </Card>
        <Card title="New location">
          <ActionForm
            action={createLocationAction}
            submit="Create location"
            fields={[
              { name: 'merchantId', label: 'Merchant', type: 'select', options: merchantOptions, required: true },
              { name: 'name', label: 'Location name' },
              { name: 'locationId', label: 'Location id (optional)', placeholder: 'generated when empty' },
              { name: 'timezone', label: 'Time zone', placeholder: 'Australia/Sydney' },
            ]}
          />
        </Card>
        <Card title="Invite user">
          <ActionForm
            action={inviteUserAction}
            submit="Invite user"
            fields={[
              { name: 'email', label: 'Email', type: 'email' },
              { name: 'name', label: 'Name (optional)' },
              {
                name: 'role',
                label: 'Role',
                type: 'select',
                required: true,
                options: roleOptions,
              },
              { name: 'merchantId', label: 'Merchant (merchant users)', type: 'select', options: merchantOptions },
              {
                name: 'partnerId',
                label: 'Loyalty partner (reviewers)',
                type: 'select',
                options: reviewerPartnerOptions,
              },
            ]}
          />
        </Card>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title={`Merchants (${merchants.length})`}>
          <ul className="divide-y divide-stone-100 text-sm" data-testid="merchants">
            {merchants.map((merchant) => (
              <li key={merchant.id} className="py-2">
                <p className="font-medium">{merchant.name}</p>
                <details>
                  <summary className="cursor-pointer text-xs text-stone-600">Rename</summary>
                  <ActionForm
                    inline
                    action={renameMerchantAction}
                    submit="Rename merchant"
                    fields={[
                      { name: 'merchantId', label: '', type: 'hidden', value: merchant.id },
                      { name: 'name', label: 'New name', value: merchant.name },
                    ]}
                  />
                </details>
                <ul className="mt-1 space-y-0.5 text-stone-600">
                  {merchant.locations.map((location) => (
                    <li key={location.id}>
                      <code className="text-xs">{location.id}</code> {location.name} <span className="text-xs text-stone-500">({location.timezone})</span>
                      <details className="inline-block pl-2">
                        <summary className="cursor-pointer text-xs text-stone-600">Edit</summary>
                        <ActionForm
                          inline
                          action={updateLocationAction}
                          submit="Save location"
                          fields={[
                            { name: 'locationId', label: '', type: 'hidden', value: location.id },
                            { name: 'name', label: 'Location name', value: location.name },
                            { name: 'timezone', label: 'Time zone', value: location.timezone },
                          ]}
                        />
                      </details>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={`Users (${users.length})`}>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="users">
              <thead className="text-xs uppercase text-stone-500">
                <tr>
                  <th className="py-1">Email</th>
                  <th>Role</th>
                  <th>Tenant</th>
                  <th>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {users.map((user) => (
                  <tr key={user.id}>
                    <td className="py-1.5">{user.email}</td>
                    <td>
                      <Badge tone={user.role === 'ADMIN' ? 'blue' : 'neutral'}>{user.role}</Badge>
                    </td>
                    <td className="text-stone-600">
                      {merchants.find((merchant) => merchant.id === user.merchantId)?.name ??
                        partners.find((partner) => partner.id === user.partnerId)?.name ??
                        '—'}
                      {user.disabledAt ? (
                        <>
                          {' '}
                          <Badge tone="red">disabled</Badge>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <details aria-label={`Manage ${user.email}`}>
                        <summary className="cursor-pointer text-xs text-stone-600">Manage</summary>
                        <div className="mt-2 space-y-3">
                          <ActionForm
                            inline
                            action={changeRoleAction}
                            submit="Change role"
                            fields={[
                              { name: 'userId', label: '', type: 'hidden', value: user.id },
                              { name: 'role', label: 'New role', type: 'select', options: roleOptions, required: true, value: user.role },
                              { name: 'merchantId', label: 'Merchant', type: 'select', options: merchantOptions, value: user.merchantId ?? '' },
                              { name: 'partnerId', label: 'Loyalty partner', type: 'select', options: reviewerPartnerOptions, value: user.partnerId ?? '' },
                            ]}
                          />
                          <ActionForm
                            inline
                            action={resetPasswordAction}
                            submit="Reset password"
                            fields={[{ name: 'userId', label: '', type: 'hidden', value: user.id }]}
                          />
                          {user.disabledAt ? null : (
                            <ActionForm
                              inline
                              action={disableUserAction}
                              submit="Disable"
                              fields={[{ name: 'userId', label: '', type: 'hidden', value: user.id }]}
                            />
                          )}
                        </div>
                      </details>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      </div>
    </>
  );
}
