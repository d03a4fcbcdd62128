'use client';

import Link from 'next/link';
import type { DashboardBooking, DashboardTable } from '@/lib/bookings/day-view';
import { bookingHref, guestLabel, localDayAndMinutes, localTime, words } from './booking-format';

// A booking without endTime is drawn for the usual length of a sitting.
const DEFAULT_SITTING_MINUTES = 90;
const barColours: Record<string, string> = {
  CREATED: 'border-amber-400 bg-amber-50',
  ACCEPTED: 'border-emerald-500 bg-emerald-50',
  SEATED: 'border-sky-500 bg-sky-100',
  DINING: 'border-sky-600 bg-sky-200',
  CLOSING: 'border-amber-500 bg-amber-100',
  FINALISED: 'border-stone-300 bg-stone-100 text-stone-600',
  ENDED: 'border-red-300 bg-red-50 text-red-700 line-through',
};

interface Row {
  key: string;
  label: string;
  bookings: DashboardBooking[];
}

interface Placed {
  booking: DashboardBooking;
  start: number;
  length: number;
  lane: number;
  ended: boolean;
}

const isEnded = (booking: DashboardBooking) => booking.bookingStatus === 'REJECTED' || booking.bookingStatus.startsWith('CANCELLED');
const lengthOf = (booking: DashboardBooking) =>
  booking.endTime ? Math.max(15, (Date.parse(booking.endTime) - Date.parse(booking.startTime)) / 60_000) : DEFAULT_SITTING_MINUTES;

/**
 * Bookings of one table in lanes: each goes into the first lane free at its start, so overlapping bookings sit one
 * above the other (never on top of each other) and each stays clickable. `conflict` is set when two live bookings
 * (not rejected or cancelled) overlap.
 */
export function placeInLanes(bookings: { booking: DashboardBooking; start: number }[]): { placed: Placed[]; lanes: number; conflict: boolean } {
  const laneEnds: number[] = [];
  const placed = [...bookings]
    .sort((a, b) => a.start - b.start)
    .map(({ booking, start }) => {
      const length = lengthOf(booking);
      let lane = laneEnds.findIndex((end) => end <= start);
      if (lane === -1) lane = laneEnds.push(0) - 1;
      laneEnds[lane] = start + length;
      return { booking, start, length, lane, ended: isEnded(booking) };
    });
  const live = placed.filter((entry) => !entry.ended);
  const conflict = live.some((a, index) => live.slice(index + 1).some((b) => a.start < b.start + b.length && b.start < a.start + a.length));
  return { placed, lanes: Math.max(1, laneEnds.length), conflict };
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
    group.rows.push({
      key: `table-${table.number}`,
      label: `Table ${table.number}`,
      bookings: bookings.filter((booking) => booking.tableNumbers.includes(table.number)),
    });
  }
  const known = new Set(tables.map((table) => table.number));
  const unplaced = bookings.filter((booking) => !booking.tableNumbers.some((number) => known.has(number)));
  if (unplaced.length) groups.push({ name: 'Unassigned', rows: [{ key: 'unassigned', label: 'No table / room', bookings: unplaced }] });
  return groups;
}

/**
 * The day view: each table is a row on the location's clock, sections are groups. A bar's colour is the table
 * status once seated, the booking status before that; rejected and cancelled bookings are struck through.
 *
 * A client component, like the list below it, so the page sends the day's bookings once (the list and the timeline
 * get the same array, which React's payload carries once) instead of every bar as a rendered element as well.
 */
export function BookingTimeline({
  tables,
  bookings,
  date,
  timezone,
  dayHref,
  now,
}: {
  tables: DashboardTable[];
  bookings: DashboardBooking[];
  date: string;
  timezone: string;
  /** The page's address for this day; a bar links to it with the booking's detail open. */
  dayHref: string;
  /** The server's clock (ISO): a "now" line is drawn when `date` is today at the location. */
  now: string;
}) {
  const ofDay = bookings.map((booking) => ({ booking, start: localDayAndMinutes(booking.startTime, timezone) })).filter(({ start }) => start.day === date);
  const firstHour = Math.min(10, ...ofDay.map(({ start }) => Math.floor(start.minutes / 60)));
  const windowStart = firstHour * 60;
  const windowLength = 24 * 60 - windowStart;
  const starts = new Map(ofDay.map(({ booking, start }) => [booking.id, start.minutes]));
  const groups = groupRows(
    tables,
    ofDay.map(({ booking }) => booking),
  );
  const hours = Array.from({ length: 24 - firstHour }, (_, index) => firstHour + index);
  // A position on the day's window, to a thousandth of a percent (a fraction of a pixel): a day has hundreds of bars.
  const share = (minutes: number) => Math.round((Math.max(0, Math.min(minutes, windowLength)) / windowLength) * 100_000) / 1000;
  const percent = (minutes: number) => `${share(minutes)}%`;
  const current = localDayAndMinutes(now, timezone);
  const nowLine = current.day === date && current.minutes >= windowStart ? percent(current.minutes - windowStart) : null;

  return (
    // Only the timeline scrolls sideways on narrow screens; it takes focus so keyboards can scroll it too.
    <div className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500" role="region" aria-label="Timeline" tabIndex={0}>
      <div className="min-w-[900px]">
        <div className="relative ml-32 h-6 border-b border-stone-200 text-xs text-stone-600">
          {hours.map((hour) => (
            <span key={hour} className="absolute -translate-x-1/2" style={{ left: percent(hour * 60 - windowStart) }}>
              {String(hour).padStart(2, '0')}:00
            </span>
          ))}
        </div>
        {groups.length === 0 ? <p className="py-6 text-center text-sm text-stone-600">No tables or bookings for this day.</p> : null}
        <div className="relative">
          {nowLine ? (
            <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 left-32 z-10">
              <div className="absolute inset-y-0 w-0.5 bg-red-500" style={{ left: nowLine }} data-testid="now-line">
                <span className="absolute -top-1 -left-1 size-2.5 rounded-full bg-red-500" />
              </div>
            </div>
          ) : null}
          {groups.map((group) => (
            <section key={group.name} aria-label={`Section ${group.name}`} className="border-b border-stone-100 py-1">
              <h3 className="py-1 text-xs font-semibold tracking-wide text-stone-600 uppercase">{group.name}</h3>
              {group.rows.map((row) => {
                const { placed, lanes, conflict } = placeInLanes(row.bookings.map((booking) => ({ booking, start: starts.get(booking.id)! })));
                return (
                  <div key={row.key} className="flex items-start py-1" data-testid={row.key} data-lanes={lanes}>
                    <div className="flex w-32 shrink-0 flex-col pr-2 text-sm text-stone-700">
                      <span className="truncate">{row.label}</span>
                      {conflict ? (
                        <span className="text-xs font-medium text-red-700" role="note">
                          ⚠ Overlapping bookings
                        </span>
                      ) : null}
                    </div>
                    <div
                      className={`relative flex-1 rounded ${conflict ? 'bg-red-50 ring-1 ring-red-300' : 'bg-stone-50'}`}
                      style={{ height: `${lanes * 2}rem` }}
                    >
                      {placed.map(({ booking, start, length, lane, ended }) => {
                        const colour = barColours[ended ? 'ENDED' : (booking.tableStatus ?? booking.bookingStatus)];
                        const status = booking.tableStatus ? words(booking.tableStatus) : words(booking.bookingStatus);
                        const offset = start - windowStart;
                        const label = `${localTime(booking.startTime, timezone)} ${guestLabel(booking)}`;
                        // The bar's shared look is one class (booking-bar, app/globals.css) and its text one string, so
                        // each of a busy day's hundreds of bars carries only what is its own.
                        return (
                          <Link
                            key={booking.id}
                            href={bookingHref(dayHref, booking.id)}
                            scroll={false}
                            className={`booking-bar ${colour}`}
                            style={{
                              top: `${lane * 2 + 0.125}rem`,
                              left: percent(offset),
                              width: `max(4rem, ${Math.round((share(offset + length) - share(offset)) * 1000) / 1000}%)`,
                            }}
                            title={`${label}: ${status}`}
                            data-booking-id={booking.id}
                          >
                            {`${label} · ${status}`}
                          </Link>
                        );
                      })}
                    </div>
                  </div>
                );
              })}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
