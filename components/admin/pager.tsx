import Link from 'next/link';
import { PAGE_SIZES } from '@/lib/ops/paging';

/**
 * A cursor-paged list's foot: how many rows this page shows and whether more follow, the way to the next page and
 * back to the first, and the page size. Every link keeps the list's filters (they live in the URL).
 */
export function Pager({
  action,
  values,
  shown,
  next,
  size,
  noun,
}: {
  action: string;
  values: Record<string, string | undefined>;
  shown: number;
  next: string | null;
  size: number;
  noun: string;
}) {
  const href = (change: Record<string, string | undefined>) => {
    const params = new URLSearchParams(Object.entries({ ...values, ...change }).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const query = params.toString();
    return query ? `${action}?${query}` : action;
  };
  const paged = Boolean(values.after);
  return (
    <nav aria-label={`Pages of ${noun}`} className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-600" data-testid="pager">
      <span>
        {shown} {noun} on this page{next ? ', more follow' : paged ? ', the last page' : ''}
      </span>
      {paged ? (
        <Link className="underline underline-offset-2" href={href({ after: undefined })}>
          First page
        </Link>
      ) : null}
      {next ? (
        <Link className="font-medium text-stone-900 underline underline-offset-2" href={href({ after: next })} rel="next">
          Next page
        </Link>
      ) : null}
      <span className="flex items-center gap-2">
        Per page
        {PAGE_SIZES.map((option) =>
          option === size ? (
            <span key={option} aria-current="true" className="rounded bg-stone-200 px-1.5 font-medium text-stone-900">
              {option}
            </span>
          ) : (
            <Link key={option} className="underline underline-offset-2" href={href({ size: String(option), after: undefined })}>
              {option}
            </Link>
          ),
        )}
      </span>
    </nav>
  );
}
