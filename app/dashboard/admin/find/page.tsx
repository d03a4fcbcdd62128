import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ConsoleNav } from '@/components/admin/console-nav';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { findAnything } from '@/lib/ops/find';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, type SearchParams } from '../search-params';

export const metadata: Metadata = { title: 'Find' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/find';

/** The console's search box lands here: one match goes straight to it, several are listed. */
export default async function FindPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const query = firstParam((await searchParams).q) ?? '';
  const found = await findAnything(getDb(), query);
  if (found.length === 1) redirect(found[0]!.href);
  return (
    <>
      <PageHeader title="Find" description="An event, delivery, request, order, booking, sale or client id, or a partner's or merchant's name." />
      <ConsoleNav current={PAGE} />
      {!query ? (
        <EmptyState>Type an id or a name in the box above.</EmptyState>
      ) : found.length ? (
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm" data-testid="found">
          {found.map((item) => (
            <li key={`${item.kind}-${item.href}`} className="flex flex-wrap gap-3 px-3 py-2">
              <span className="w-24 text-stone-500">{item.kind}</span>
              <Link className="min-w-0 break-all underline underline-offset-2" href={item.href}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>Nothing has the id or name “{query}”.</EmptyState>
      )}
    </>
  );
}
