import type { Metadata } from 'next';
import { InvitationRow } from '@/components/team/invitation-row';
import { InviteForm } from '@/components/team/invite-form';
import { MemberRow } from '@/components/team/member-row';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { pendingInvitations } from '@/lib/team/invitations';
import { merchantLocations } from '@/lib/tenancy/merchants';
import { roleLabel } from '@/lib/tenancy/roles';
import { teamMembers } from '@/lib/team/team';
import { formatDateTimeZoned } from '@/lib/time/format';
import { viewerTimeZone } from '@/lib/time/viewer';
import { requireMember } from '../_lib/action';

export const metadata: Metadata = { title: 'Team' };
export const dynamic = 'force-dynamic';

/** docs/contract.md#dashboard-names: owners manage the merchant's members and invitations here. */
export default async function TeamPage() {
  const user = await requireMember('team.manage', '/dashboard/team');
  const db = getDb();
  const [locations, members, invitations, zone] = await Promise.all([
    merchantLocations(db, user.merchantId),
    teamMembers(db, user.merchantId),
    pendingInvitations(db, user.merchantId),
    viewerTimeZone(),
  ]);
  const choices = locations.map(({ id, name }) => ({ id, name }));
  const names = new Map(locations.map((location) => [location.id, location.name]));
  const whereOf = (locationIds: string[]) => (locationIds.length ? locationIds.map((id) => names.get(id) ?? id).join(', ') : 'every location');
  return (
    <>
      <PageHeader
        title="Team"
        description="Who works with your locations. Owners manage the team; managers run the floor, bookings, loyalty, devices and hours; staff work the orders board and the bookings host view."
      />
      <div className="space-y-6">
        <Card title="Invite someone">
          <InviteForm locations={choices} />
        </Card>
        <Card title="Pending invitations">
          {invitations.length ? (
            <ul className="divide-y divide-stone-100">
              {invitations.map((invitation) => (
                <InvitationRow
                  key={invitation.id}
                  invitation={{
                    id: invitation.id,
                    email: invitation.email,
                    roleName: roleLabel[invitation.role],
                    locations: whereOf(invitation.locationIds),
                    expiresAt: formatDateTimeZoned(invitation.expiresAt, zone),
                    expired: invitation.expired,
                  }}
                />
              ))}
            </ul>
          ) : (
            <EmptyState>No invitations are waiting.</EmptyState>
          )}
        </Card>
        <Card title="Members">
          <ul className="divide-y divide-stone-100">
            {members.map((member) => (
              <MemberRow key={member.id} member={{ ...member, you: member.id === user.id }} locations={choices} />
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
