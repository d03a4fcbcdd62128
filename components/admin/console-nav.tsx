import Link from 'next/link';

const sections = [
  ['/dashboard/admin', 'Overview'],
  ['/dashboard/admin/tenants', 'Merchants & users'],
  ['/dashboard/admin/partners', 'Partners & webhooks'],
  ['/dashboard/admin/health', 'Partner health'],
  ['/dashboard/admin/requests', 'API requests'],
  ['/dashboard/admin/deliveries', 'Deliveries'],
  ['/dashboard/admin/audit', 'Audit log'],
  ['/dashboard/admin/mail', 'Mail'],
] as const;

/** The operator console's sections. */
export function ConsoleNav({ current }: { current: string }) {
  return (
    <nav aria-label="Console" className="mb-6 flex flex-wrap gap-1 border-b border-stone-200 pb-2 text-sm">
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
  );
}
