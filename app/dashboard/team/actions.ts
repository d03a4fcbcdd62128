'use server';

import { userActor } from '@/lib/ops/audit';
import { inviteMember, resendInvitation, revokeInvitation } from '@/lib/team/invitations';
import { MERCHANT_ROLES } from '@/lib/tenancy/roles';
import { changeMember, removeMember } from '@/lib/team/team';
import { invitationRefSchema, inviteSchema, memberChangeSchema, memberRefSchema } from '@/lib/team/team-schemas';
import { dashboardAction } from '../_lib/action';

// docs/domain.md#merchant-teams: owners manage the team. Each change audits itself, in its own transaction.
const team = { roles: MERCHANT_ROLES, permission: 'team.manage', page: '/dashboard/team', audit: false } as const;

export const inviteAction = dashboardAction(
  { ...team, schema: inviteSchema, fieldOfConflict: { ALREADY_MEMBER: 'email', ALREADY_INVITED: 'email' } },
  async ({ db, user, input }) => {
    await inviteMember(db, user.merchantId, await userActor(db, user.id), input);
    return `Invitation sent to ${input.email}.`;
  },
);

export const resendInvitationAction = dashboardAction({ ...team, schema: invitationRefSchema }, async ({ db, user, input }) => {
  const invitation = await resendInvitation(db, user.merchantId, await userActor(db, user.id), input.invitationId);
  return `A new link was sent to ${invitation.email}.`;
});

export const revokeInvitationAction = dashboardAction({ ...team, schema: invitationRefSchema }, async ({ db, user, input }) => {
  await revokeInvitation(db, user.merchantId, await userActor(db, user.id), input.invitationId);
  return 'Invitation withdrawn.';
});

export const changeMemberAction = dashboardAction({ ...team, schema: memberChangeSchema }, async ({ db, user, input }) => {
  const member = await changeMember(db, user.merchantId, await userActor(db, user.id), input);
  return `${member.email} saved.`;
});

export const removeMemberAction = dashboardAction({ ...team, schema: memberRefSchema }, async ({ db, user, input }) => {
  await removeMember(db, user.merchantId, await userActor(db, user.id), input.userId);
  return 'Member removed; their sessions have ended.';
});
