import type { DayCovers } from '@/lib/bookings/covers';

const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;

/**
 * The day's covers at a glance: bookings and covers in total and per service, and per hour (the hours with bookings).
 * Cancelled, rejected and no-show bookings are not counted.
 */
export function BookingCovers({ covers }: { covers: DayCovers }) {
  return (
    <section aria-label="Covers" className="mb-4 rounded-lg border border-stone-200 bg-white p-3 shadow-sm">
      <dl className="flex flex-wrap gap-x-6 gap-y-2">
        <div>
          <dt className="text-xs text-stone-600">Bookings</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="total-bookings">
            {covers.bookings}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">Covers</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="total-covers">
            {covers.covers}
          </dd>
        </div>
        {covers.byService.map((service) => (
          <div key={service.name}>
            <dt className="text-xs text-stone-600">
              {service.name} ({service.fromHour ? `from ${hour(service.fromHour)}` : `until ${hour(service.toHour)}`})
            </dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`service-${service.name.toLowerCase()}`}>
              {service.covers} <span className="text-sm font-normal text-stone-600">covers, {service.bookings} bookings</span>
            </dd>
          </div>
        ))}
      </dl>
      {covers.byHour.length ? (
        <div className="mt-2">
          <ul className="flex flex-wrap gap-1.5 text-xs" aria-label="Covers per hour">
            {covers.byHour.map((entry) => (
              <li key={entry.hour} className="rounded bg-stone-100 px-1.5 py-0.5 tabular-nums text-stone-800">
                {hour(entry.hour)} <span className="font-semibold">{entry.covers}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-1 text-xs text-stone-600">Not counting cancelled, rejected and no-show bookings.</p>
    </section>
  );
}
