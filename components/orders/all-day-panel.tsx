import type { AllDayCount } from '@/lib/orders/tickets';

/** What the kitchen must make now: the open tickets' items summed, with their modifiers (Toast's "all day"). */
export function AllDayPanel({ counts }: { counts: readonly AllDayCount[] }) {
  return (
    <section aria-labelledby="all-day-title" className="rounded-lg border border-stone-200 bg-white p-3 lg:sticky lg:top-3">
      <h2 id="all-day-title" className="mb-2 text-sm font-semibold tracking-wide text-stone-700 uppercase">
        All day
      </h2>
      {counts.length ? (
        <ul className="space-y-1 text-base">
          {counts.map((count) => (
            <li key={count.key} data-all-day={count.key} data-quantity={count.quantity} className="flex gap-2">
              <span className="w-8 shrink-0 text-right font-bold tabular-nums">{count.quantity}</span>
              <span className="min-w-0 break-words">
                {count.description}
                {count.modifiers.length ? <span className="block text-sm text-stone-600">{count.modifiers.join(', ')}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-600">Nothing to make.</p>
      )}
    </section>
  );
}
