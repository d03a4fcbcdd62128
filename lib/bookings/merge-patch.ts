import type { BookingDetails, BookingRow } from './booking-record';
import type { UpdateBookingRequest } from './schema';

type Fields = Record<string, unknown>;

/** RFC 7396 for one flat object: `null` removes a member, any other value replaces it. Empty results vanish. */
function mergeFlat(target: Fields | undefined, patch: Fields): Fields | undefined {
  const merged: Fields = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return Object.keys(merged).length ? merged : undefined;
}

function mergeCustomer(current: BookingDetails['customer'], patch: UpdateBookingRequest['customer']): BookingDetails['customer'] {
  if (patch === undefined) return current;
  if (patch === null) return undefined;
  const { address, ...fields } = patch;
  const merged = mergeFlat(current, fields) ?? {};
  const nextAddress = address === null ? undefined : address === undefined ? current?.address : mergeFlat(current?.address, address);
  if (nextAddress) merged.address = nextAddress;
  else delete merged.address;
  return Object.keys(merged).length ? (merged as BookingDetails['customer']) : undefined;
}

/** `undefined` keeps the current value, `null` removes it (JSON merge patch). */
const patched = <T>(current: T | undefined, value: T | null | undefined): T | undefined => (value === undefined ? current : value === null ? undefined : value);

/** The columns an update sets on a booking (statuses are decided separately, see ./update-booking). */
export interface BookingDetailChanges {
  numberOfPeople: number;
  startTime: Date;
  endTime: Date | null;
  bookingReference: string | null;
  tableNumbers: string[];
  details: BookingDetails;
}

/** Applies the detail fields of a merge patch to a booking, without judging who may send them. */
export function mergeBookingDetails(row: BookingRow, patch: UpdateBookingRequest): BookingDetailChanges {
  const details = row.details as BookingDetails;
  const asset = patch.asset ?? {};
  const next: BookingDetails = {
    customer: mergeCustomer(details.customer, patch.customer),
    notes: patched(details.notes, patch.notes),
    payments: patched(details.payments, patch.payments),
    section: patched(details.section, asset.section),
    discounts: patched(details.discounts, asset.discounts),
    preOrders: patched(details.preOrders, asset.preOrders),
    rooms: patched(details.rooms, asset.rooms),
  };
  const endTime = patched(row.endTime?.toISOString(), patch.endTime);
  return {
    numberOfPeople: patch.numberOfPeople ?? row.numberOfPeople,
    startTime: patch.startTime ? new Date(patch.startTime) : row.startTime,
    endTime: endTime ? new Date(endTime) : null,
    bookingReference: patch.origin?.bookingReference ?? row.bookingReference,
    tableNumbers: asset.tables ? asset.tables.map((table) => table.number) : row.tableNumbers,
    details: JSON.parse(JSON.stringify(next)) as BookingDetails,
  };
}
