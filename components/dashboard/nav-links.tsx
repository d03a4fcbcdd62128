'use client';

import { Menu } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import type { NavItem } from './navigation';

function Links({ items, onNavigate, vertical }: { items: NavItem[]; onNavigate?: () => void; vertical?: boolean }) {
  const pathname = usePathname();
  return items.map((item) => {
    const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
    return (
      <Link
        key={item.href}
        href={item.href}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className={`inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium lg:min-h-9 ${vertical ? 'w-full' : ''} ${
          active ? 'bg-brand-50 text-brand-700' : 'text-stone-600 hover:bg-stone-100'
        }`}
      >
        {item.label}
      </Link>
    );
  });
}

/** The dashboard's navigation: inline from tablet width (768 px) up, behind a Menu button on phones. */
export function NavLinks({ items, brand }: { items: NavItem[]; brand: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger className="touch-target inline-flex items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 md:hidden">
          <Menu aria-hidden="true" className="size-5" />
          <span className="sr-only">Menu</span>
        </DialogTrigger>
        <DialogContent title="Counterpart" side="left">
          <nav aria-label="Dashboard" className="flex flex-col gap-1">
            <Links items={items} vertical onNavigate={() => setOpen(false)} />
          </nav>
        </DialogContent>
      </Dialog>
      {brand}
      <nav aria-label="Dashboard" className="hidden gap-1 md:flex">
        <Links items={items} />
      </nav>
    </>
  );
}
