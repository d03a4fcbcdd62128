import type { BookingHistoryEntry } from '@/lib/bookings/day-view';
import { howLongBefore, isWellBeforeBooking } from '@/lib/bookings/host-moves';
import { formatDateTime } from '@/lib/time/format';
import { localTime } from './booking-format';

/** One readable change: "Booking status: Created → Accepted". */
export interface ReadableChange {
  field: string;
  from?: string;
  to: string;
}

const LABELS: Record<string, string> = {
  bookingStatus: 'Booking status',
  numberOfPeople: 'Party size',
  startTime: 'Start',
  endTime: 'End',
  notes: 'Notes',
  reason: 'Reason',
  'customer.name': 'Name',
  'customer.phoneNumber': 'Phone',
  'customer.email': 'Email',
  'customer.notes': 'Guest notes',
  'asset.tableStatus': 'Table status',
  'asset.arrivalStatus': 'Arrival',
  'asset.tables': 'Tables',
  'asset.rooms': 'Rooms',
};

const SCREAMING = /^[A-Z][A-Z_]+$/;
// Times are shown at the location, in words: "Sat 28 Nov, 7:24 pm", never the stored UTC.
const TIME_FIELDS = new Set(['startTime', 'endTime']);
const readable = (value: unknown, timezone: string, path = ''): string => {
  if (value === null || value === undefined) return '—';
  if (TIME_FIELDS.has(path) && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatDateTime(value, timezone);
  if (Array.isArray(value))
    return value.map((item) => (item && typeof item === 'object' && 'number' in item ? String(item.number) : readable(item, timezone))).join(', ');
  if (typeof value === 'string' && SCREAMING.test(value)) return value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** A change's fields as dotted paths ("customer.name"); arrays (tables, rooms) stay whole. */
function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out[prefix] = value;
  }
  return out;
}

/**
 * The history as readable changes, each with what it replaced: the fields are replayed from the booking's creation
 * on, so an update reads "Booking status: Created → Accepted" instead of a JSON blob. Ids and origins are left out.
 */
export function readableHistory(history: BookingHistoryEntry[], timezone: string): Map<string, ReadableChange[]> {
  const state: Record<string, unknown> = {};
  const out = new Map<string, ReadableChange[]>();
  const oldestFirst = [...history].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const entry of oldestFirst) {
    const changes: ReadableChange[] = [];
    for (const [path, value] of Object.entries(flatten(entry.eventData))) {
      const field = LABELS[path];
      if (!field) {
        state[path] = value;
        continue;
      }
      const before = state[path];
      state[path] = value;
      if (JSON.stringify(before) === JSON.stringify(value)) continue;
      changes.push({
        field,
        ...(before === undefined || entry.type === 'BOOKING_CREATED' ? {} : { from: readable(before, timezone, path) }),
        to: readable(value, timezone, path),
      });
    }
    out.set(entry.id, changes);
  }
  return out;
}

const TABLE_WORDS: Record<string, string> = {
  BOOKING_SEATED: 'Seated',
  BOOKING_DINING: 'Dining from',
  BOOKING_CLOSING: 'Closing at',
  BOOKING_FINALISED: 'Finalised',
};
const STATUS_WORDS: Record<string, string> = {
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  CANCELLED_BY_CUSTOMER: 'Cancelled by the guest',
  CANCELLED_BY_MERCHANT: 'Cancelled by the venue',
};
const ARRIVAL_WORDS: Record<string, string> = { ON_TIME: 'Arrived', EARLY: 'Arrived early', RUNNING_LATE: 'Running late', NO_SHOW: 'No-show' };

/** What a history entry did, in the host's words with the time at the location: "Seated at 19:42", "Booked at 10:05". */
export function historyHeadline(entry: BookingHistoryEntry, timezone: string): string {
  const at = localTime(entry.createdAt, timezone);
  const data = (entry.eventData ?? {}) as { bookingStatus?: string; asset?: { arrivalStatus?: string | null; tableStatus?: string } };
  const table = TABLE_WORDS[entry.type];
  if (table) return table.endsWith(' from') || table.endsWith(' at') ? `${table} ${at}` : `${table} at ${at}`;
  if (entry.type === 'BOOKING_CREATED') return `${data.asset?.tableStatus === 'SEATED' ? 'Walked in' : 'Booked'} at ${at}`;
  const status = data.bookingStatus && STATUS_WORDS[data.bookingStatus];
  if (status) return `${status} at ${at}`;
  const arrival = data.asset?.arrivalStatus && ARRIVAL_WORDS[data.asset.arrivalStatus];
  if (arrival) return `${arrival} at ${at}`;
  return `Changed at ${at}`;
}

/** A warning for a seating or finalising made well before the booked time (a wrong table, or a wrong booking). */
export function earlyMoveWarning(entry: BookingHistoryEntry, startTime: string | undefined): string | undefined {
  if (!startTime || (entry.type !== 'BOOKING_SEATED' && entry.type !== 'BOOKING_FINALISED')) return undefined;
  if (!isWellBeforeBooking(startTime, entry.createdAt)) return undefined;
  return `${howLongBefore(startTime, entry.createdAt)} before the booked time`;
}
