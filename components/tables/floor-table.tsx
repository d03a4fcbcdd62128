'use client';

import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type SortingState,
} from '@tanstack/react-table';
import { useState } from 'react';
import { deleteTableAction } from '@/app/dashboard/tables/actions';
import { ConfirmForm } from '@/components/ui/confirm-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import type { FloorSection, FloorTable as FloorTableRow } from '@/lib/tables/floor-view';
import { formatMoney, formatOpenedAt } from './floor-format';
import { EditTableRow } from './edit-table-row';

const column = createColumnHelper<FloorTableRow>();

const statusOf = (table: FloorTableRow) => (table.openSales.length ? 'Open' : 'Free');

const columns = [
  column.accessor('number', { header: 'Table', sortingFn: 'alphanumeric' }),
  column.accessor((table) => table.sectionName ?? '', { id: 'section', header: 'Section', filterFn: 'equalsString' }),
  column.accessor(statusOf, {
    id: 'status',
    header: 'Status',
    filterFn: 'equalsString',
    cell: (info) => <Badge tone={info.getValue() === 'Open' ? 'amber' : 'green'}>{info.getValue()}</Badge>,
  }),
  column.accessor((table) => table.openSales.length, {
    id: 'openSales',
    header: 'Open sales',
    enableGlobalFilter: false,
    cell: (info) => <OpenSalesList sales={info.row.original.openSales} />,
  }),
];

function OpenSalesList({ sales }: { sales: FloorTableRow['openSales'] }) {
  if (!sales.length) return <span className="text-stone-400">—</span>;
  return (
    <ul className="space-y-0.5 text-xs text-stone-700">
      {sales.map((sale) => (
        <li key={sale.id}>
          {formatMoney(sale.total)} · opened {formatOpenedAt(sale.openedZonedDateTime)}
          {sale.staffId ? ` · staff ${sale.staffId}` : ''}
        </li>
      ))}
    </ul>
  );
}

function DeleteTableButton({ table, locationId }: { table: FloorTableRow; locationId: string }) {
  return (
    <ConfirmForm
      action={deleteTableAction}
      fields={{ locationId, tableId: table.id }}
      label={`Delete table ${table.number}`}
      title={`Delete table ${table.number}?`}
      description="Apps and the POS will no longer see this table. Its past sales are kept."
      confirmLabel="Delete table"
      className="text-red-700"
    >
      Delete
    </ConfirmForm>
  );
}

const sortMarks = { asc: ' ↑', desc: ' ↓' } as const;

/** The location's tables: sortable, filterable, each Open or Free with its open sales, edited in place. */
export function FloorTable({ tables, sections, locationId }: { tables: FloorTableRow[]; sections: FloorSection[]; locationId: string }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const table = useReactTable({
    data: tables,
    columns,
    getRowId: (row) => row.id,
    state: { sorting, columnFilters, globalFilter },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onGlobalFilterChange: setGlobalFilter,
    globalFilterFn: 'includesString',
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });
  const filterOf = (id: string) => (table.getColumn(id)?.getFilterValue() as string | undefined) ?? '';
  const setFilter = (id: string, value: string) => table.getColumn(id)?.setFilterValue(value || undefined);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3 text-sm">
        <label className="flex items-center gap-2">
          Filter tables
          <Input className="w-40" value={globalFilter} onChange={(event) => setGlobalFilter(event.target.value)} placeholder="Number or section" />
        </label>
        <label className="flex items-center gap-2">
          Show status
          <Select className="w-28" value={filterOf('status')} onChange={(event) => setFilter('status', event.target.value)}>
            <option value="">All</option>
            <option value="Open">Open</option>
            <option value="Free">Free</option>
          </Select>
        </label>
        <label className="flex items-center gap-2">
          Show section
          <Select className="w-40" value={filterOf('section')} onChange={(event) => setFilter('section', event.target.value)}>
            <option value="">All</option>
            {sections.map((section) => (
              <option key={section.id} value={section.name}>
                {section.name}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {/* relative: the sr-only header text (absolutely placed) stays inside the scroller instead of widening the page. */}
      <div className="relative -mx-2 overflow-x-auto">
        <table className="w-full min-w-[36rem] table-fixed text-left text-sm">
          <thead className="border-b border-stone-200 text-xs uppercase tracking-wide text-stone-500">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    className="px-2 py-2"
                    aria-sort={header.column.getIsSorted() === 'asc' ? 'ascending' : header.column.getIsSorted() === 'desc' ? 'descending' : undefined}
                  >
                    <button type="button" onClick={header.column.getToggleSortingHandler()} className="uppercase hover:text-stone-800">
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      {sortMarks[header.column.getIsSorted() as keyof typeof sortMarks] ?? ''}
                    </button>
                  </th>
                ))}
                <th className="px-2 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-stone-100">
            {table.getRowModel().rows.map((row) =>
              editing === row.id ? (
                <EditTableRow key={row.id} table={row.original} sections={sections} locationId={locationId} onDone={() => setEditing(null)} />
              ) : (
                <tr key={row.id} aria-label={`Table ${row.original.number}`}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-2 py-2 align-top">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                  <td className="whitespace-nowrap px-2 py-2 text-right align-top">
                    <Button
                      type="button"
                      variant="ghost"
                      className="px-2 py-1"
                      onClick={() => setEditing(row.id)}
                      aria-label={`Edit table ${row.original.number}`}
                    >
                      Edit
                    </Button>
                    <DeleteTableButton table={row.original} locationId={locationId} />
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {tables.length === 0 ? <p className="text-sm text-stone-600">No tables yet.</p> : null}
    </div>
  );
}
