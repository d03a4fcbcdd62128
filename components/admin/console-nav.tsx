import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import Link from 'next/link';

const sections = [
  ['/dashboard/admin', 'Overview'],
  ['/dashboard/admin/tenants', 'Merchants'],
  ['/dashboard/admin/users', 'Users'],
  ['/dashboard/admin/partners', 'Partners & webhooks'],
  ['/dashboard/admin/health', 'Partner health'],
  ['/dashboard/admin/requests', 'API requests'],
  ['/dashboard/admin/events', 'Events'],
  ['/dashboard/admin/deliveries', 'Deliveries'],
  ['/dashboard/admin/endpoints', 'Endpoints'],
  ['/dashboard/admin/audit', 'Audit log'],
  ['/dashboard/admin/mail', 'Mail'],
] as const;

/** The operator console's sections. */
export function ConsoleNav({ current }: { current: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-center gap-2 border-b border-stone-200 pb-2">
      <nav aria-label="Console" className="flex flex-wrap gap-1 text-sm">
        {sections.map(([href, label]) => (
          <Link
            key={href}
            href={href}
            aria-current={href === current ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 ${href === current ? 'bg-stone-900 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      <form
        method="get"
        action="/dashboard/admin/find"
        role="search"
        aria-label="Find in the console"
        className="ml-auto flex min-w-0 items-center gap-2 text-sm"
      >
        <label htmlFor="console-find" className="sr-only">
          Find by id or name
        </label>
        <Input id="console-find" name="q" type="search" placeholder="Find an id or name" className="w-48 min-w-0" />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </form>
    </div>
  );
}
