import type { loyaltyOnboardingRequests } from '@/db/schema';
import { formatAbn, formatDateTimeZoned } from '@/lib/time/format';

/** What the merchant submitted, as the partner API's GET returns it: location and business details. */
export function OnboardingRequestDetails({ request }: { request: typeof loyaltyOnboardingRequests.$inferSelect }) {
  const { locationDetails: location, businessDetails: business } = request;
  const rows: [string, string | undefined][] = [
    ['Location', `${location.name ?? ''} (${request.locationId})`],
    ['Address', [location.address, location.postcode, location.countryIsoCode].filter(Boolean).join(', ')],
    ['Time zone', location.timezone],
    ['Phone', location.phoneNumber],
    ['Business', business.entityName],
    ['ABN', formatAbn(business.abn)],
    // The request belongs to the location: its time in the location's zone, named.
    ['Requested', formatDateTimeZoned(request.createdAt, location.timezone ?? 'UTC')],
    ['Reference', request.onboardingReference],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="min-w-0 break-words text-stone-800">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
