'use client';

import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import {
  type ColumnFiltersState,
  type PaginationState,
  type SortingState,
  type Updater,
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import type { DashboardBooking } from '@/lib/bookings/day-view';
import { BOOKING_STATUSES } from '@/lib/bookings/transitions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { bookingHref, bookingStatusTone, localDayMonth, localTime, tableStatusTone, words } from './booking-format';

const column = createColumnHelper<DashboardBooking>();

// Rows per page of the list. A busy day has hundreds of bookings, all of them on the timeline above; the list renders
// (on the server too) a page of them at a time, so the page is not built twice over for every booking.
const BOOKING_LIST_PAGE_SIZE = 50;

/**
 * The bookings of the chosen days as a list: filter by status, table and source (the date range is the page's),
 * sort by any column, a page of rows at a time; a row opens the booking's detail.
 */
export function BookingList({ bookings, timezone, dayHref }: { bookings: DashboardBooking[]; timezone: string; dayHref: string }) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'startTime', desc: false }]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: BOOKING_LIST_PAGE_SIZE });
  // A new sort or filter starts at the first page; a live update of the bookings keeps the page the user is on.
  const firstPageAfter =
    <T,>(set: (updater: Updater<T>) => void) =>
    (updater: Updater<T>) => {
      set(updater);
      setPagination((current) => ({ ...current, pageIndex: 0 }));
    };
  const tableNumbers = useMemo(
    () => [...new Set(bookings.flatMap((booking) => booking.tableNumbers))].sort(new Intl.Collator('en', { numeric: true }).compare),
    [bookings],
  );
  const columns = useMemo(
    () => [
      column.accessor('startTime', {
        header: 'Time',
        cell: (info) => (
          <Link href={bookingHref(dayHref, info.row.original.id)} scroll={false} className="font-medium text-brand-700 hover:underline">
            {localDayMonth(info.getValue(), timezone)} {localTime(info.getValue(), timezone)}
          </Link>
        ),
      }),
      column.accessor((booking) => booking.customerName ?? '', { id: 'customer', header: 'Customer', cell: (info) => info.getValue() || '—' }),
      column.accessor('numberOfPeople', { header: 'Party' }),
      column.accessor((booking) => booking.tableNumbers, {
        id: 'tables',
        header: 'Table',
        filterFn: 'arrIncludes',
        sortingFn: (a, b) => (a.original.tableNumbers[0] ?? '').localeCompare(b.original.tableNumbers[0] ?? '', 'en', { numeric: true }),
        cell: (info) => (info.row.original.assetType === 'ROOM' ? `Room ${info.row.original.rooms.join(', ')}` : info.getValue().join(', ') || '—'),
      }),
      column.accessor('bookingStatus', {
        header: 'Status',
        filterFn: 'equals',
        cell: (info) => <Badge tone={bookingStatusTone[info.getValue()]}>{words(info.getValue())}</Badge>,
      }),
      column.accessor((booking) => booking.arrivalStatus ?? '', {
        id: 'arrival',
        header: 'Arrival',
        cell: (info) => (info.getValue() ? words(info.getValue()) : '—'),
      }),
      column.accessor((booking) => booking.tableStatus ?? '', {
        id: 'tableStatus',
        header: 'Table status',
        cell: (info) => {
          const status = info.row.original.tableStatus;
          return status ? <Badge tone={tableStatusTone[status]}>{words(status)}</Badge> : '—';
        },
      }),
      column.accessor('source', {
        header: 'Source',
        filterFn: 'equals',
        cell: (info) =>
          info.getValue() === 'POS'
            ? 'Walk-in (POS)'
            : info.getValue() === 'MERCHANT'
              ? 'Walk-in (dashboard)'
              : (info.row.original.originName ?? 'Booking app'),
      }),
    ],
    [dayHref, timezone],
  );
  const table = useReactTable({
    data: bookings,
    columns,
    state: { sorting, columnFilters, pagination },
    onSortingChange: firstPageAfter(setSorting),
    onColumnFiltersChange: firstPageAfter(setColumnFilters),
    onPaginationChange: setPagination,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const pageCount = table.getPageCount();
  const matching = table.getPrePaginationRowModel().rows.length;
  // Bookings that went away (a live update) can leave the user past the last page: back to the last one.
  useEffect(() => {
    if (pagination.pageIndex > 0 && pagination.pageIndex >= pageCount) setPagination((current) => ({ ...current, pageIndex: Math.max(0, pageCount - 1) }));
  }, [pagination.pageIndex, pageCount]);
  const firstShown = pagination.pageIndex * pagination.pageSize + 1;
  const lastShown = Math.min(matching, firstShown + pagination.pageSize - 1);
  const filterSelect = (id: string, label: string, options: [string, string][]) => (
    <label className="flex items-center gap-2 text-sm text-stone-700">
      {label}
      <Select
        aria-label={`Filter by ${label.toLowerCase()}`}
        className="w-auto"
        value={(table.getColumn(id)?.getFilterValue() as string | undefined) ?? ''}
        onChange={(event) => table.getColumn(id)?.setFilterValue(event.target.value || undefined)}
      >
        <option value="">All</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </label>
  );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-4">
        {filterSelect(
          'bookingStatus',
          'Status',
          BOOKING_STATUSES.map((status) => [status, words(status)]),
        )}
        {filterSelect(
          'tables',
          'Table',
          tableNumbers.map((number) => [number, number]),
        )}
        {filterSelect('source', 'Source', [
          ['APP', 'Booking app'],
          ['POS', 'Walk-in (POS)'],
          ['MERCHANT', 'Walk-in (dashboard)'],
        ])}
      </div>
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label="Bookings">
          <thead className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500">
            {table.getHeaderGroups().map((headerGroup) => (
              <tr key={headerGroup.id}>
                {headerGroup.headers.map((header) => (
                  <th key={header.id} className="px-2 py-2 font-medium">
                    <button type="button" className="inline-flex items-center gap-1" onClick={header.column.getToggleSortingHandler()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {{ asc: '↑', desc: '↓' }[header.column.getIsSorted() as string] ?? ''}
                    </button>
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-stone-100" data-booking-id={row.original.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-2 py-2 align-middle">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {table.getRowModel().rows.length === 0 ? <p className="py-6 text-center text-sm text-stone-500">No bookings match.</p> : null}
      </div>
      {pageCount > 1 ? (
        <nav aria-label="Pages of bookings" className="flex flex-wrap items-center justify-between gap-2 text-sm text-stone-700">
          <span role="status">
            {firstShown}–{lastShown} of {matching} bookings
          </span>
          <span className="flex gap-2">
            <Button type="button" variant="secondary" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
              Previous
            </Button>
            <Button type="button" variant="secondary" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
              Next
            </Button>
          </span>
        </nav>
      ) : null}
    </div>
  );
}
