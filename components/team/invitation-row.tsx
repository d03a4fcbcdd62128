'use client';

import { resendInvitationAction, revokeInvitationAction } from '@/app/dashboard/team/actions';
import { ConfirmForm } from '@/components/ui/confirm-form';
import { Badge } from '@/components/ui/badge';

export interface InvitationView {
  id: string;
  email: string;
  roleName: string;
  locations: string;
  expiresAt: string;
  expired: boolean;
}

/** A pending invitation: resend a fresh link, or withdraw it. */
export function InvitationRow({ invitation }: { invitation: InvitationView }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" aria-label={`Invitation to ${invitation.email}`}>
      <div className="min-w-0">
        <p className="font-medium break-words text-stone-900">
          {invitation.email} {invitation.expired ? <Badge tone="amber">Expired</Badge> : null}
        </p>
        <p className="text-sm text-stone-600">
          {invitation.roleName}, {invitation.locations}. {invitation.expired ? 'Expired' : 'Expires'} {invitation.expiresAt}.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <ConfirmForm
          action={resendInvitationAction}
          fields={{ invitationId: invitation.id }}
          label={`Resend to ${invitation.email}`}
          title={`Send ${invitation.email} a new link?`}
          description="The earlier links stop working."
          confirmLabel="Resend"
          variant="secondary"
        >
          Resend
        </ConfirmForm>
        <ConfirmForm
          action={revokeInvitationAction}
          fields={{ invitationId: invitation.id }}
          label={`Withdraw the invitation to ${invitation.email}`}
          title={`Withdraw the invitation to ${invitation.email}?`}
          description="Its link stops working at once."
          confirmLabel="Withdraw"
          variant="danger"
        >
          Withdraw
        </ConfirmForm>
      </div>
    </li>
  );
}
