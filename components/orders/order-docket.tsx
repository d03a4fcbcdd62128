'use client';

import { Printer } from 'lucide-react';
import type { OrderDocket } from '@/lib/orders/board-view';
import type { OrderItem } from '@/lib/orders/schema';
import { UNFULFILLED_FINAL_STATUSES } from '@/lib/orders/transitions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { AutoRejectCountdown } from './auto-reject-countdown';
import { formatTime, zoneName } from '@/lib/time/format';
import { FULFILMENT_LABELS, STATUS_LABELS, formatMoney } from './order-format';
import { AllergenLine } from './ticket';
import './docket-print.css';

type DocketMoney = { amount: number; currency?: string; description?: string | undefined };

function ItemLines({ items, nested = false }: { items: OrderItem[]; nested?: boolean }) {
  return (
    <ul className={nested ? 'mt-1 space-y-1 border-l border-stone-200 pl-4' : 'divide-y divide-stone-100'}>
      {items.map((item) => (
        <li key={item.id} className={nested ? 'text-sm' : 'py-2 text-base'}>
          <div className="flex items-start justify-between gap-3">
            <span className="min-w-0 break-words">
              <span className="font-semibold tabular-nums">{item.quantity} ×</span> {item.description}{' '}
              <span className="text-xs text-stone-500 print:hidden">({item.sku})</span>
              {item.quantity > 1 ? <span className="block text-xs text-stone-600">{formatMoney(item.unitPrice)} each</span> : null}
            </span>
            {/* The line total: quantity × unit price, what a reader of "2 × Big breakfast" expects beside it. */}
            <span
              className="shrink-0 tabular-nums"
              aria-label={`Line total ${formatMoney({ ...item.unitPrice, amount: item.unitPrice.amount * item.quantity })}`}
            >
              {formatMoney({ ...item.unitPrice, amount: item.unitPrice.amount * item.quantity })}
            </span>
          </div>
          {item.discounts?.map((discount, index) => (
            <p key={index} className="text-xs text-emerald-700">
              − {formatMoney(discount)} each{discount.description ? ` · ${discount.description}` : ''}
            </p>
          ))}
          <AllergenLine allergens={(item.allergens ?? []).map((allergen) => allergen.description ?? 'unnamed allergen')} />
          {item.notes ? <p className="break-words italic text-stone-700">“{item.notes}”</p> : null}
          {item.modifiers?.length ? <ItemLines items={item.modifiers} nested /> : null}
        </li>
      ))}
    </ul>
  );
}

function MoneyLines({ label, entries, sign }: { label: string; entries: DocketMoney[] | undefined; sign: '+' | '−' }) {
  return (entries ?? []).map((entry, index) => (
    <div key={`${label}-${index}`} className="flex justify-between gap-3">
      <dt className="min-w-0 break-words text-stone-600">
        {label}
        {entry.description ? ` · ${entry.description}` : ''}
      </dt>
      <dd className="shrink-0 tabular-nums">
        {sign} {formatMoney(entry)}
      </dd>
    </div>
  ));
}

/** The order as a kitchen docket (docs/domain.md#order-display), with its status history. */
export function OrderDocketView({
  docket,
  clockOffsetMs,
  timeZone,
  actions,
}: {
  docket: OrderDocket;
  clockOffsetMs: number;
  timeZone: string;
  actions?: React.ReactNode;
}) {
  const { order } = docket;
  const customers = (order.customers ?? []).flatMap((customer) => customer.firstName ?? []).join(', ');
  return (
    <article aria-label={`Order ${order.origin.orderReference}`} data-docket-print="" className="space-y-4 text-sm">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words text-lg font-semibold">{order.origin.orderReference}</p>
          <p className="break-words text-stone-600">{order.origin.name}</p>
          {customers ? <p className="line-clamp-3 break-words text-stone-600">For {customers}</p> : null}
        </div>
        <Button type="button" variant="secondary" onClick={() => window.print()} className="shrink-0 print:hidden">
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
      </header>

      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={order.status === 'CREATED' ? 'amber' : (UNFULFILLED_FINAL_STATUSES as readonly string[]).includes(order.status) ? 'red' : 'green'}>
          {STATUS_LABELS[order.status]}
        </Badge>
        {order.statusInfo === 'AUTO_REJECTED_BY_TIMEOUT' ? <Badge tone="red">Auto-rejected: no answer in time</Badge> : null}
        {docket.autoRejectAt ? <AutoRejectCountdown deadline={docket.autoRejectAt} clockOffsetMs={clockOffsetMs} /> : null}
        <Badge>{order.fulfilment.type ? (FULFILMENT_LABELS[order.fulfilment.type] ?? order.fulfilment.type) : 'No fulfilment type'}</Badge>
        {order.table ? (
          <Badge tone="blue">{[order.table.id ? `Table ${order.table.id}` : 'Table', order.table.section].filter(Boolean).join(' · ')}</Badge>
        ) : null}
        <Badge>{order.paymentStatus === 'OPEN' ? 'Payment open' : 'Paid'}</Badge>
      </div>
      <p className="text-xs text-stone-500">
        {docket.locationName} · received {formatTime(docket.createdAt, timeZone, { seconds: true })} {zoneName(timeZone, docket.createdAt)} ·{' '}
        {order.origin.orderId}
      </p>

      {actions}

      {order.notes ? <p className="break-words rounded bg-amber-50 p-2 text-base text-amber-950 italic">Note: “{order.notes}”</p> : null}

      <ItemLines items={order.items} />

      <dl className="space-y-1 border-t border-stone-200 pt-2">
        <MoneyLines label="Discount" entries={order.discounts} sign="−" />
        <MoneyLines label="Surcharge" entries={order.surcharges} sign="+" />
        <MoneyLines label="Tip" entries={order.tip ? [order.tip] : undefined} sign="+" />
        <div className="flex justify-between gap-3 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatMoney(order.total)}</dd>
        </div>
      </dl>
      {docket.totalMismatch ? (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-900">
          ⚠ The total sent ({formatMoney({ amount: docket.totalMismatch.provided, currency: order.total.currency })}) differs from the items, discounts,
          surcharges and tip ({formatMoney({ amount: docket.totalMismatch.expected, currency: order.total.currency })}). The sent total is the one to charge;
          check the order with the app.
        </p>
      ) : null}

      <section aria-label="Status history" className="print:hidden">
        <h3 className="mb-1 font-semibold">History</h3>
        <ol className="space-y-1.5">
          {docket.history.map((entry, index) => (
            <li key={index} className="text-xs">
              <span className="tabular-nums text-stone-500">{formatTime(entry.at, timeZone, { seconds: true })}</span>{' '}
              <span className="font-medium">
                {entry.fromStatus ? `${STATUS_LABELS[entry.fromStatus]} → ${STATUS_LABELS[entry.toStatus]}` : `Received as ${STATUS_LABELS[entry.toStatus]}`}
              </span>{' '}
              <span className="text-stone-600">by {entry.actor}</span>
              {entry.reason ? <span className="block break-words text-stone-600">Reason: {entry.reason}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
