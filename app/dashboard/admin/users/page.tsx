import type { Metadata } from 'next';
import Link from 'next/link';
import { ActionDialog } from '@/components/admin/action-dialog';
import { ConsoleNav } from '@/components/admin/console-nav';
import { ConsoleTable } from '@/components/admin/console-table';
import { FilterBar } from '@/components/admin/filter-bar';
import { Pager } from '@/components/admin/pager';
import { Badge } from '@/components/ui/badge';
import { ConfirmForm } from '@/components/ui/confirm-form';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { pageSizeOf } from '@/lib/ops/paging';
import { pageUsers } from '@/lib/ops/tenants-view';
import { pagePartners } from '@/lib/ops/partners-view';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, type SearchParams } from '../search-params';
import { changeRoleAction, disableUserAction, inviteUserAction, resetPasswordAction } from '../tenants/actions';
import { roleWords } from '../words';

export const metadata: Metadata = { title: 'Users' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/users';
const roleOptions = Object.entries(roleWords).map(([value, label]) => ({ value, label }));

/** Everyone who signs in to the dashboard, a page at a time by email; invite, change a role, reset, disable. */
export default async function UsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const values: Record<string, string | undefined> = Object.fromEntries(['email', 'role', 'after', 'size'].map((key) => [key, firstParam(search[key])]));
  const size = pageSizeOf(values.size);
  const db = getDb();
  // Reviewers act for a loyalty partner: the loyalty partners are few, offered as a list (the first 100 by name).
  const [page, loyalty] = await Promise.all([
    pageUsers(db, { email: values.email, role: values.role }, { after: values.after, limit: size }),
    pagePartners(db, { type: 'LOYALTY' }, { limit: 100 }),
  ]);
  const reviewerOptions = loyalty.rows.map((partner) => ({ value: partner.id, label: partner.name }));
  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who signs in to the dashboard. Merchant staff are invited from their merchant's page too."
        actions={
          <ActionDialog
            trigger="Invite user"
            title="Invite a user"
            description="They get a one-time password, shown once here, and choose their own after signing in."
            action={inviteUserAction}
            submit="Invite user"
            fields={[
              { name: 'email', label: 'Email', type: 'email' },
              { name: 'name', label: 'Name (optional)' },
              { name: 'role', label: 'Role', type: 'select', required: true, options: roleOptions },
              { name: 'merchantId', label: 'Merchant id (merchant staff)', placeholder: 'from the merchant’s page' },
              { name: 'partnerId', label: 'Loyalty partner (reviewers)', type: 'select', options: reviewerOptions },
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
          { name: 'email', label: 'Email contains' },
          { name: 'role', label: 'Role', options: roleOptions },
        ]}
      />
      {page.rows.length ? (
        <ConsoleTable
          label="Users"
          testId="users"
          columns={[
            { id: 'email', header: 'Email' },
            { id: 'role', header: 'Role' },
            { id: 'tenant', header: 'Acts for', wide: true },
            { id: 'manage', header: 'Change' },
          ]}
          rows={page.rows.map((user) => ({
            id: user.id,
            cells: {
              email: (
                <>
                  <span className="break-all">{user.email}</span> {user.disabledAt ? <Badge tone="red">disabled</Badge> : null}
                  {user.name ? <div className="text-xs text-stone-500">{user.name}</div> : null}
                </>
              ),
              role: roleWords[user.role] ?? user.role,
              tenant: user.merchantId ? (
                <Link className="underline underline-offset-2" href={`/dashboard/admin/tenants/${encodeURIComponent(user.merchantId)}`}>
                  {user.merchantName}
                </Link>
              ) : user.partnerId ? (
                <Link className="underline underline-offset-2" href={`/dashboard/admin/partners/${encodeURIComponent(user.partnerId)}`}>
                  {user.partnerName}
                </Link>
              ) : (
                '—'
              ),
              manage: (
                <div className="flex flex-wrap gap-2">
                  <ActionDialog
                    trigger="Change role"
                    title={`Change the role of ${user.email}`}
                    description="Their sessions end; they sign in again with the new role."
                    action={changeRoleAction}
                    submit="Change role"
                    fields={[
                      { name: 'userId', label: '', type: 'hidden', value: user.id },
                      { name: 'role', label: 'Role', type: 'select', options: roleOptions, required: true, value: user.role },
                      { name: 'merchantId', label: 'Merchant id (merchant staff)', value: user.merchantId ?? '' },
                      { name: 'partnerId', label: 'Loyalty partner (reviewers)', type: 'select', options: reviewerOptions, value: user.partnerId ?? '' },
                    ]}
                  />
                  <ActionDialog
                    trigger="Reset password"
                    title={`Reset the password of ${user.email}`}
                    description="A one-time password, shown once here; their sessions end."
                    action={resetPasswordAction}
                    submit="Reset password"
                    fields={[{ name: 'userId', label: '', type: 'hidden', value: user.id }]}
                  />
                  {user.disabledAt || user.id === me.id ? null : (
                    <ConfirmForm
                      action={disableUserAction}
                      fields={{ userId: user.id }}
                      label={`Disable ${user.email}`}
                      title={`Disable ${user.email}?`}
                      description="Sign-in is refused from now on and every open session ends at once."
                      confirmLabel="Disable user"
                      variant="secondary"
                      className="py-1 text-xs"
                    >
                      Disable
                    </ConfirmForm>
                  )}
                </div>
              ),
            },
          }))}
        />
      ) : (
        <EmptyState>No users match these filters.</EmptyState>
      )}
      <Pager action={PAGE} values={values} shown={page.rows.length} next={page.next} size={size} noun="users" />
    </>
  );
}
