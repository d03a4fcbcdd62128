import type { Metadata } from 'next';
import { requireUser } from '@/auth';
import { getDb } from '@/db/client';
import { OnboardingDecisionForm } from '@/components/loyalty/onboarding-decision-form';
import { OnboardingRequestDetails } from '@/components/loyalty/onboarding-request-details';
import { RefreshOnEvents } from '@/components/loyalty/refresh-on-events';
import { formatDateTimeZoned } from '@/lib/time/format';
import { Badge } from '@/components/ui/badge';
import { Card, EmptyState, PageHeader } from '@/components/ui/card';
import { partnerOnboardingQueue } from '@/lib/loyalty/dashboard-view';

export const metadata: Metadata = { title: 'Onboarding' };

export default async function OnboardingPage() {
  const user = await requireUser(['LOYALTY_PARTNER'], '/dashboard/onboarding');
  const queue = await partnerOnboardingQueue(getDb(), user.partnerId ?? '');
  return (
    <>
      <PageHeader
        actions={<RefreshOnEvents types={['NEW_ONBOARDING_REQUEST']} />}
        title="Onboarding"
        description="Merchant locations asking to join your loyalty program. Approve with a program, or reject with a reason."
      />
      <div className="space-y-4">
        {queue.pending.length === 0 ? <EmptyState>No requests are waiting for a decision.</EmptyState> : null}
        {queue.pending.map(({ request, locationName, merchantName }) => (
          <section key={request.onboardingReference} aria-label={`${locationName} onboarding request`}>
            <Card title={`${locationName} · ${merchantName}`} actions={<Badge tone="amber">Pending</Badge>}>
              <div className="space-y-4">
                <OnboardingRequestDetails request={request} />
                {queue.programs.length ? (
                  <OnboardingDecisionForm onboardingReference={request.onboardingReference} programs={queue.programs} />
                ) : (
                  <p className="text-sm text-stone-600">Add a loyalty program before approving requests.</p>
                )}
              </div>
            </Card>
          </section>
        ))}
      </div>
      {queue.decided.length ? (
        <div className="mt-8">
          <Card title="Recent decisions">
            <table className="w-full text-left text-sm">
              <thead className="text-stone-500">
                <tr>
                  <th className="py-1 font-medium">Location</th>
                  <th className="py-1 font-medium">Merchant</th>
                  <th className="py-1 font-medium">Decision</th>
                  <th className="py-1 font-medium">Decided</th>
                </tr>
              </thead>
              <tbody>
                {queue.decided.map(({ request, locationName, merchantName, programName }) => (
                  <tr key={request.onboardingReference} className="border-t border-stone-100">
                    <td className="py-1.5">{locationName}</td>
                    <td className="py-1.5">{merchantName}</td>
                    <td className="py-1.5">
                      {request.integrationStatus === 'SUCCESS' ? (
                        <Badge tone="green">Approved · {programName}</Badge>
                      ) : (
                        <Badge tone="red">Rejected{request.rejectionReason ? `: ${request.rejectionReason}` : ''}</Badge>
                      )}
                    </td>
                    <td className="py-1.5">{request.decidedAt ? formatDateTimeZoned(request.decidedAt, request.locationDetails.timezone ?? 'UTC') : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        </div>
      ) : null}
      {/* Partners quote their id to the operator for clients and webhooks (/manage/partners/{partnerId}/…). */}
      <p className="mt-8 text-xs text-stone-600">
        Partner id for support:{' '}
        <code data-testid="partner-id" className="rounded bg-stone-100 px-1.5 py-0.5 break-all">
          {user.partnerId}
        </code>
      </p>
    </>
  );
}
