'use client';

import { useState, type ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type VisibilityState } from '@tanstack/react-table';

export interface ConsoleColumn {
  id: string;
  header: string;
  /** Hidden on phones (below 640 px) until the operator shows it; shown from 640 px on unless hidden. */
  wide?: boolean;
}

export interface ConsoleRow {
  id: string;
  cells: Record<string, ReactNode>;
}

/**
 * One page of a console list (the server pages, filters and sorts it): the columns the operator chooses, with the
 * less needed ones out of the way on a phone. Cells come rendered from the server.
 */
export function ConsoleTable({ columns, rows, label, testId }: { columns: ConsoleColumn[]; rows: ConsoleRow[]; label: string; testId?: string }) {
  // Only what the operator chose: a `wide` column without a choice follows the screen's width (CSS, so a phone never
  // lays the table out wide first).
  const [visibility, setVisibility] = useState<VisibilityState>({});
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const table = useReactTable<ConsoleRow>({
    data: rows,
    columns: columns.map((column): ColumnDef<ConsoleRow> => ({
      id: column.id,
      header: column.header,
      accessorFn: (row) => row.cells[column.id],
      cell: (info) => info.getValue() as ReactNode,
      meta: { wide: column.wide },
    })),
    state: { columnVisibility: visibility },
    onColumnVisibilityChange: setVisibility,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
  });
  const responsive = (id: string) => {
    const wide = columns.find((column) => column.id === id)?.wide;
    return wide && chosen[id] === undefined ? 'hidden sm:table-cell' : '';
  };
  return (
    <div className="space-y-2">
      <details className="text-sm">
        <summary className="cursor-pointer text-stone-600">Columns</summary>
        <fieldset className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          <legend className="sr-only">Columns of {label}</legend>
          {table.getAllLeafColumns().map((column) => (
            <label key={column.id} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={chosen[column.id] ?? column.getIsVisible()}
                onChange={(change) => {
                  setChosen((current) => ({ ...current, [column.id]: change.target.checked }));
                  column.toggleVisibility(change.target.checked);
                }}
              />
              <span className="sr-only">Show the column </span>
              {String(column.columnDef.header)}
            </label>
          ))}
        </fieldset>
      </details>
      <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white" role="region" aria-label={label} tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid={testId}>
          <thead className="bg-stone-50 text-xs uppercase text-stone-500">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className={`whitespace-nowrap px-3 py-2 font-medium ${responsive(header.column.id)}`}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-stone-100">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={`px-3 py-2 align-top ${responsive(cell.column.id)}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
