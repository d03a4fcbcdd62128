import { Badge } from '@/components/ui/badge';
import type { LocationLoyaltyState } from '@/lib/loyalty/dashboard-view';
import { formatDateTimeZoned } from '@/lib/time/format';

/** Where a location stands in merchant onboarding, in words a merchant reads at a glance. */
export function LocationLoyaltyStatus({ state, timeZone }: { state: LocationLoyaltyState; timeZone: string }) {
  switch (state.kind) {
    case 'ACTIVE':
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Badge tone="green">Active</Badge>
          {state.partnerName} · {state.programName} · since {formatDateTimeZoned(state.activatedAt, timeZone)}
        </p>
      );
    case 'PENDING':
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Badge tone="amber">Waiting for approval</Badge>
          Asked {state.partnerName} on {formatDateTimeZoned(state.requestedAt, timeZone)}
        </p>
      );
    case 'REJECTED':
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <Badge tone="red">Rejected</Badge>
          {state.partnerName}
          {state.reason ? `: “${state.reason}”` : ''} You can ask again.
        </p>
      );
    case 'NOT_ACTIVATED':
      return (
        <p className="flex items-center gap-2 text-sm text-stone-700">
          <Badge>Not activated</Badge>
        </p>
      );
  }
}
