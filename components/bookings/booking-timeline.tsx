import Link from 'next/link';
import type { DashboardBooking, DashboardTable } from '@/lib/bookings/dashboard';
import { guestLabel, localDayAndMinutes, localTime, words } from './booking-format';

// A booking without endTime is drawn for the usual length of a sitting.
const DEFAULT_SITTING_MINUTES = 90;
const barColours: Record<string, string> = {
  CREATED: 'border-amber-400 bg-amber-50',
  ACCEPTED: 'border-emerald-500 bg-emerald-50',
  SEATED: 'border-sky-500 bg-sky-100',
  DINING: 'border-sky-600 bg-sky-200',
  CLOSING: 'border-amber-500 bg-amber-100',
  FINALISED: 'border-stone-300 bg-stone-100 text-stone-500',
  ENDED: 'border-red-300 bg-red-50 text-red-700 line-through',
};

interface Row {
  key: string;
  label: string;
  bookings: DashboardBooking[];
}

interface Group {
  name: string;
  rows: Row[];
}

/** Rows per table, grouped by section in floor order; bookings without a table get a row of their own. */
function groupRows(tables: DashboardTable[], bookings: DashboardBooking[]): Group[] {
  const groups: Group[] = [];
  for (const table of tables) {
    const name = table.sectionName ?? 'No section';
    let group = groups.find((candidate) => candidate.name === name);
    if (!group) groups.push((group = { name, rows: [] }));
    group.rows.push({ key: `table-${table.number}`, label: `Table ${table.number}`, bookings: bookings.filter((booking) => booking.tableNumbers.includes(table.number)) });
  }
  const known = new Set(tables.map((table) => table.number));
  const unplaced = bookings.filter((booking) => !booking.tableNumbers.some((number) => known.has(number)));
  if (unplaced.length) groups.push({ name: 'Unassigned', rows: [{ key: 'unassigned', label: 'No table / room', bookings: unplaced }] });
  return groups;
}

/**
 * The day view: each table is a row on the location's clock, sections are groups. A bar's colour is the table
 * status once seated, the booking status before that; rejected and cancelled bookings are struck through.
 */
export function BookingTimeline({
  tables,
  bookings,
  date,
  timezone,
  hrefFor,
}: {
  tables: DashboardTable[];
  bookings: DashboardBooking[];
  date: string;
  timezone: string;
  hrefFor: (bookingId: string) => string;
}) {
  const ofDay = bookings
    .map((booking) => ({ booking, start: localDayAndMinutes(booking.startTime, timezone) }))
    .filter(({ start }) => start.day === date);
  const firstHour = Math.min(10, ...ofDay.map(({ start }) => Math.floor(start.minutes / 60)));
  const windowStart = firstHour * 60;
  const windowLength = 24 * 60 - windowStart;
  const starts = new Map(ofDay.map(({ booking, start }) => [booking.id, start.minutes]));
  const groups = groupRows(tables, ofDay.map(({ booking }) => booking));
  const hours = Array.from({ length: 24 - firstHour }, (_, index) => firstHour + index);
  const percent = (minutes: number) => `${(Math.max(0, Math.min(minutes, windowLength)) / windowLength) * 100}%`;

  return (
    <div className="overflow-x-auto" role="region" aria-label="Timeline">
      <div className="min-w-[900px]">
        <div className="relative ml-32 h-6 border-b border-stone-200 text-xs text-stone-500">
          {hours.map((hour) => (
            <span key={hour} className="absolute -translate-x-1/2" style={{ left: percent(hour * 60 - windowStart) }}>
              {String(hour).padStart(2, '0')}:00
            </span>
          ))}
        </div>
        {groups.length === 0 ? <p className="py-6 text-center text-sm text-stone-500">No tables or bookings for this day.</p> : null}
        {groups.map((group) => (
          <section key={group.name} aria-label={`Section ${group.name}`} className="border-b border-stone-100 py-1">
            <h3 className="py-1 text-xs font-semibold uppercase tracking-wide text-stone-500">{group.name}</h3>
            {group.rows.map((row) => (
              <div key={row.key} className="flex h-9 items-center" data-testid={row.key}>
                <div className="w-32 shrink-0 truncate pr-2 text-sm text-stone-700">{row.label}</div>
                <div className="relative h-7 flex-1 rounded bg-stone-50">
                  {row.bookings.map((booking) => {
                    const start = starts.get(booking.id)! - windowStart;
                    const length = booking.endTime ? (Date.parse(booking.endTime) - Date.parse(booking.startTime)) / 60_000 : DEFAULT_SITTING_MINUTES;
                    const ended = booking.bookingStatus === 'REJECTED' || booking.bookingStatus.startsWith('CANCELLED');
                    const colour = barColours[ended ? 'ENDED' : (booking.tableStatus ?? booking.bookingStatus)];
                    const status = booking.tableStatus ? words(booking.tableStatus) : words(booking.bookingStatus);
                    return (
                      <Link
                        key={booking.id}
                        href={hrefFor(booking.id)}
                        scroll={false}
                        className={`absolute top-0 flex h-7 items-center overflow-hidden whitespace-nowrap rounded border-l-4 px-2 text-xs ${colour}`}
                        style={{ left: percent(start), width: `max(4rem, calc(${percent(start + length)} - ${percent(start)}))` }}
                        title={`${localTime(booking.startTime, timezone)} ${guestLabel(booking)}: ${status}`}
                        data-booking-id={booking.id}
                      >
                        {localTime(booking.startTime, timezone)} {guestLabel(booking)} · {status}
                      </Link>
                    );
                  })}
                </div>
              </div>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
