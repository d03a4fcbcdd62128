import type { Metadata } from 'next';
import { AcceptInvitationForm, InvitationRefused } from '@/components/auth/accept-invitation-form';
import { getDb } from '@/db/client';
import { invitationForToken, refusalMessages } from '@/lib/team/invitations';
import { roleLabel } from '@/lib/tenancy/roles';

// The link's token is in this page's address: no Referer carries it anywhere.
export const metadata: Metadata = { title: 'Join your team', referrer: 'no-referrer' };

/** Where an invitation mail's link leads (docs/domain.md#merchant-teams): choose a password and join the merchant. */
export default async function AcceptInvitationPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const presented = typeof token === 'string' && token.length <= 200 ? token : undefined;
  const lookup = presented ? await invitationForToken(getDb(), presented) : undefined;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Counterpart</p>
        <h1 className="mt-1 mb-6 text-xl font-semibold">{lookup?.ok ? `Join ${lookup.merchantName}` : 'Join your team'}</h1>
        {lookup?.ok && presented ? (
          <AcceptInvitationForm token={presented} email={lookup.email} roleName={roleLabel[lookup.role]} />
        ) : (
          <InvitationRefused message={lookup && !lookup.ok ? refusalMessages[lookup.reason] : refusalMessages.UNKNOWN} />
        )}
      </div>
    </main>
  );
}
