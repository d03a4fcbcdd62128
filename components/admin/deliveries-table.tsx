'use client';

import { Fragment, useMemo, useState } from 'react';
import { createColumnHelper, flexRender, getCoreRowModel, getFilteredRowModel, useReactTable, type ColumnFiltersState } from '@tanstack/react-table';
import { Badge } from '@/components/ui/badge';
import { Select } from '@/components/ui/field';
import type { WebhookDeliveryView } from '@/lib/events/delivery-log';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { ReplayButton } from './replay-button';

const statusTone = { PENDING: 'amber', SUCCEEDED: 'green', FAILED: 'red' } as const;
const time = (value: string | null) => (value ? value.replace('T', ' ').slice(0, 19) : '—');
const column = createColumnHelper<WebhookDeliveryView>();

const columns = [
  column.accessor('createdAt', { header: 'Created (UTC)', cell: (info) => time(info.getValue()) }),
  column.accessor('partnerName', { header: 'Partner', filterFn: 'equalsString' }),
  column.accessor('eventType', { header: 'Event type', filterFn: 'equalsString' }),
  column.accessor('resourceKey', { header: 'Resource' }),
  column.accessor('status', {
    header: 'Status',
    filterFn: 'equalsString',
    cell: (info) => <Badge tone={statusTone[info.getValue()]}>{info.getValue()}</Badge>,
  }),
  column.accessor((delivery) => delivery.attempts.length, {
    id: 'attempts',
    header: 'Attempts',
    cell: (info) => {
      const last = info.row.original.attempts.at(-1);
      return `${info.getValue()}${last ? ` (last: ${last.statusCode ?? last.error ?? '—'})` : ''}`;
    },
  }),
  column.display({ id: 'replay', header: () => <span className="sr-only">Actions</span>, cell: (info) => <ReplayButton deliveryId={info.row.original.id} /> }),
];

const distinct = (values: string[]) => [...new Set(values)].sort();

/** The webhook delivery log with each delivery's attempts, filterable by partner, event type and status. */
export function DeliveriesTable({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [expanded, setExpanded] = useState<string | null>(null);
  const table = useReactTable({
    data: deliveries,
    columns,
    state: { columnFilters },
    onColumnFiltersChange: setColumnFilters,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (delivery) => delivery.id,
  });
  const options = useMemo(
    () => ({
      partnerName: distinct(deliveries.map((delivery) => delivery.partnerName)),
      eventType: distinct(deliveries.map((delivery) => delivery.eventType)),
      status: ['PENDING', 'SUCCEEDED', 'FAILED'],
    }),
    [deliveries],
  );
  const filters = [
    { id: 'partnerName', label: 'Partner' },
    { id: 'eventType', label: 'Event type' },
    { id: 'status', label: 'Status' },
  ] as const;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        {filters.map((filter) => (
          <label key={filter.id} className="flex items-center gap-2 text-sm text-stone-700">
            {filter.label}
            <Select
              aria-label={`Filter by ${filter.label.toLowerCase()}`}
              className="w-auto"
              value={(table.getColumn(filter.id)?.getFilterValue() as string | undefined) ?? ''}
              onChange={(change) => table.getColumn(filter.id)?.setFilterValue(change.target.value || undefined)}
            >
              <option value="">All</option>
              {options[filter.id].map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          </label>
        ))}
      </div>
      <ScrollRegion label="Webhook deliveries">
        <table className="min-w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-xs uppercase text-stone-500">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} className="px-2 py-2 font-medium">
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <Fragment key={row.id}>
                <tr
                  className="cursor-pointer border-b border-stone-100 hover:bg-stone-50"
                  onClick={(click) => {
                    if (!(click.target as HTMLElement).closest('form')) setExpanded(expanded === row.id ? null : row.id);
                  }}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="px-2 py-2 align-top">
                      {cell.column.id === 'attempts' ? (
                        // The row opens its attempts on a click; this button is the same for keyboards and screen readers.
                        <button type="button" className="text-left underline-offset-2 hover:underline" aria-expanded={expanded === row.id}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </button>
                      ) : (
                        flexRender(cell.column.columnDef.cell, cell.getContext())
                      )}
                    </td>
                  ))}
                </tr>
                {expanded === row.id ? (
                  <tr className="bg-stone-50">
                    <td colSpan={columns.length} className="px-4 py-3">
                      <AttemptList delivery={row.original} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
        {table.getRowModel().rows.length === 0 ? <p className="py-6 text-center text-sm text-stone-500">No deliveries match.</p> : null}
      </ScrollRegion>
    </div>
  );
}

function AttemptList({ delivery }: { delivery: WebhookDeliveryView }) {
  return (
    <div className="space-y-2 text-xs text-stone-700">
      <p>
        Event <code>{delivery.eventId}</code> to <code>{delivery.url}</code>
        {delivery.nextAttemptAt ? ` · next attempt ${time(delivery.nextAttemptAt)}` : ''}
      </p>
      {delivery.attempts.length === 0 ? (
        <p>No attempts yet.</p>
      ) : (
        <table className="min-w-full">
          <thead className="text-stone-500">
            <tr>
              <th className="pr-4 text-left font-medium">Attempted (UTC)</th>
              <th className="pr-4 text-left font-medium">Status code</th>
              <th className="pr-4 text-left font-medium">Latency</th>
              <th className="pr-4 text-left font-medium">Error</th>
              <th className="text-left font-medium">Response</th>
            </tr>
          </thead>
          <tbody>
            {delivery.attempts.map((attempt) => (
              <tr key={attempt.attemptedAt}>
                <td className="pr-4">{time(attempt.attemptedAt)}</td>
                <td className="pr-4">{attempt.statusCode ?? '—'}</td>
                <td className="pr-4">{attempt.latencyMs} ms</td>
                <td className="pr-4">{attempt.error ?? '—'}</td>
                <td className="max-w-md truncate font-mono">{attempt.responseSnippet ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
