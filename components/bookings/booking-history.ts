import type { BookingHistoryEntry } from '@/lib/bookings/day-view';

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
const readable = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value))
    return value.map((item) => (item && typeof item === 'object' && 'number' in item ? String(item.number) : readable(item))).join(', ');
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
export function readableHistory(history: BookingHistoryEntry[]): Map<string, ReadableChange[]> {
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
      changes.push({ field, ...(before === undefined || entry.type === 'BOOKING_CREATED' ? {} : { from: readable(before) }), to: readable(value) });
    }
    out.set(entry.id, changes);
  }
  return out;
}
