'use client';

import Link from 'next/link';
import { useEffect, useRef } from 'react';
import type { DashboardBooking, DashboardTable } from '@/lib/bookings/day-view';
import { HOST_STATUS_LOOK, bookingHref, hostStatusOf, hostStatusWord, localDayAndMinutes, localTime } from './booking-format';

// A booking without endTime is drawn for the usual length of a sitting, and no block is drawn shorter: it must hold
// the time, the party and the guest's name.
const DEFAULT_SITTING_MINUTES = 90;
const HOUR_PX = 96;
const MINUTE_PX = HOUR_PX / 60;
const LABEL_PX = 96;
const LANE_REM = 3.75;
// Where the day view opens when the day is not today: dinner, the service a host runs the door for.
const EVENING_MINUTES = 17 * 60;

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

const lengthOf = (booking: DashboardBooking) =>
  Math.max(DEFAULT_SITTING_MINUTES, booking.endTime ? (Date.parse(booking.endTime) - Date.parse(booking.startTime)) / 60_000 : DEFAULT_SITTING_MINUTES);

/**
 * Bookings of one table in lanes: each goes into the first lane free at its start, so overlapping bookings sit one
 * above the other (never on top of each other) and each stays clickable. `conflict` is set when two live bookings
 * (not rejected, cancelled or no-shows) overlap.
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
      return { booking, start, length, lane, ended: hostStatusOf(booking) === 'ENDED' };
    });
  const live = placed.filter((entry) => !entry.ended);
  const conflict = live.some((a, index) => live.slice(index + 1).some((b) => a.start < b.start + b.length && b.start < a.start + a.length));
  return { placed, lanes: Math.max(1, laneEnds.length), conflict };
}

interface Group {
  name: string;
  rows: Row[];
}

/** Rows per table, grouped by section in floor order; bookings without a table get a row of their own, on top (Tock). */
function groupRows(tables: DashboardTable[], bookings: DashboardBooking[]): Group[] {
  const groups: Group[] = [];
  const known = new Set(tables.map((table) => table.number));
  const unplaced = bookings.filter((booking) => !booking.tableNumbers.some((number) => known.has(number)));
  if (unplaced.length) groups.push({ name: 'Unassigned', rows: [{ key: 'unassigned', label: 'No table', bookings: unplaced }] });
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
  return groups;
}

/** The legend of the blocks' colours; each block also says its status in words. */
export function BookingLegend() {
  const shown = (['UPCOMING', 'ARRIVED', 'DINING', 'CLOSING', 'FINALISED', 'ENDED'] as const).map((status) => ({
    status,
    label: status === 'ARRIVED' ? 'Arrived / seated' : HOST_STATUS_LOOK[status].label,
  }));
  return (
    <ul aria-label="Legend" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">
      {shown.map(({ status, label }) => (
        <li key={status} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block h-3.5 w-5 rounded-sm border-l-4 border-y border-r ${HOST_STATUS_LOOK[status].bar}`} />
          {label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The host's day: each table is a row on the location's whole day (sections are groups), an hour a fixed width, so
 * the region scrolls sideways and opens at now (today) or at the evening. A block says its time, party size, guest
 * and status in words; its colour is the status too (see the legend). Covers per hour run along the top.
 *
 * A client component, like the list below it, so the page sends the day's bookings once (the list and the timeline
 * get the same array, which React's payload carries once) instead of every block as a rendered element as well.
 */
export function BookingTimeline({
  tables,
  bookings,
  date,
  timezone,
  dayHref,
  now,
  coversByHour,
}: {
  tables: DashboardTable[];
  bookings: DashboardBooking[];
  date: string;
  timezone: string;
  /** The page's address for this day; a block links to it with the booking's detail open. */
  dayHref: string;
  /** The server's clock (ISO): a "now" line is drawn when `date` is today at the location. */
  now: string;
  coversByHour: { hour: number; covers: number }[];
}) {
  const region = useRef<HTMLDivElement>(null);
  const ofDay = bookings.map((booking) => ({ booking, start: localDayAndMinutes(booking.startTime, timezone) })).filter(({ start }) => start.day === date);
  const starts = new Map(ofDay.map(({ booking, start }) => [booking.id, start.minutes]));
  const groups = groupRows(
    tables,
    ofDay.map(({ booking }) => booking),
  );
  const current = localDayAndMinutes(now, timezone);
  const nowMinutes = current.day === date ? current.minutes : null;
  const firstEvening = ofDay.map(({ start }) => start.minutes).filter((minutes) => minutes >= EVENING_MINUTES - 60);
  const openAt = nowMinutes ?? (firstEvening.length ? Math.min(...firstEvening) : EVENING_MINUTES);

  useEffect(() => {
    // Opens at now (or the evening) with an hour before it in view, once per day shown: later re-renders (live
    // updates, the clock moving) keep the user's scroll.
    if (region.current) region.current.scrollLeft = Math.max(0, (openAt - 60) * MINUTE_PX);
  }, [date]);

  const width = LABEL_PX + 24 * HOUR_PX;
  const coversAt = new Map(coversByHour.map((entry) => [entry.hour, entry.covers]));
  return (
    // Only the timeline scrolls sideways; it takes focus so keyboards can scroll it too.
    <div
      ref={region}
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-500"
      role="region"
      aria-label="Timeline"
      tabIndex={0}
      data-testid="timeline"
    >
      <div className="relative" style={{ width }}>
        <div className="flex border-b border-stone-200 text-xs text-stone-600" aria-hidden="true">
          <div className="sticky left-0 z-20 shrink-0 bg-white" style={{ width: LABEL_PX }} />
          {Array.from({ length: 24 }, (_, hour) => (
            <div key={hour} className="shrink-0 border-l border-stone-200 pl-1" style={{ width: HOUR_PX }}>
              {String(hour).padStart(2, '0')}:00
            </div>
          ))}
        </div>
        <div className="flex border-b border-stone-200 text-xs" data-testid="covers-by-hour" aria-hidden="true">
          <div className="sticky left-0 z-20 shrink-0 bg-white py-1 font-medium text-stone-700" style={{ width: LABEL_PX }}>
            Covers
          </div>
          {Array.from({ length: 24 }, (_, hour) => (
            <div key={hour} className="shrink-0 border-l border-stone-100 py-1 pl-1 text-stone-700" style={{ width: HOUR_PX }}>
              {coversAt.get(hour) ? <span className="font-semibold">{coversAt.get(hour)}</span> : <span className="text-stone-400">–</span>}
            </div>
          ))}
        </div>
        {groups.length === 0 ? <p className="sticky left-0 w-[min(100%,80vw)] py-6 text-sm text-stone-600">No tables or bookings for this day.</p> : null}
        <div className="relative">
          {nowMinutes !== null ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 z-10 w-0.5 bg-red-600"
              style={{ left: LABEL_PX + nowMinutes * MINUTE_PX }}
              data-testid="now-line"
            >
              <span className="absolute -top-1 -left-1 size-2.5 rounded-full bg-red-600" />
            </div>
          ) : null}
          {groups.map((group) => (
            <section key={group.name} aria-label={`Section ${group.name}`} className="border-b border-stone-100 py-1">
              <h3 className="sticky left-0 inline-block bg-white py-1 pr-2 text-xs font-semibold tracking-wide text-stone-600 uppercase">{group.name}</h3>
              {group.rows.map((row) => {
                const { placed, lanes, conflict } = placeInLanes(row.bookings.map((booking) => ({ booking, start: starts.get(booking.id)! })));
                return (
                  <div key={row.key} className="flex items-start py-0.5" data-testid={row.key} data-lanes={lanes}>
                    <div className="sticky left-0 z-20 flex shrink-0 flex-col self-stretch bg-white pr-2 text-sm text-stone-700" style={{ width: LABEL_PX }}>
                      <span>{row.label}</span>
                      {conflict ? (
                        <span className="text-xs font-medium text-red-700" role="note">
                          ⚠ Overlap
                        </span>
                      ) : null}
                    </div>
                    <div
                      className={`relative flex-1 rounded ${conflict ? 'bg-red-50 ring-1 ring-red-300' : 'bg-stone-50'}`}
                      style={{ height: `${lanes * LANE_REM}rem` }}
                    >
                      {placed.map(({ booking, start, length, lane, ended }) => {
                        const status = hostStatusOf(booking);
                        // The block's shared look is one class (booking-bar, app/globals.css), so each of a busy day's
                        // hundreds of blocks carries only what is its own.
                        return (
                          <Link
                            key={booking.id}
                            href={bookingHref(dayHref, booking.id)}
                            scroll={false}
                            className={`booking-bar ${HOST_STATUS_LOOK[status].bar}`}
                            style={{ top: `${lane * LANE_REM + 0.125}rem`, left: start * MINUTE_PX, width: length * MINUTE_PX - 2 }}
                            data-booking-id={booking.id}
                            data-status={status}
                          >
                            <span className="font-semibold">
                              {localTime(booking.startTime, timezone)} · {booking.numberOfPeople} ppl
                            </span>
                            <span className={`truncate ${ended ? 'line-through' : ''}`}>{booking.customerName ?? 'Guest'}</span>
                            <span className="text-[0.6875rem] uppercase">{hostStatusWord(booking)}</span>
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
