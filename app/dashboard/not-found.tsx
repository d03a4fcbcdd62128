import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';

/**
 * An unknown dashboard page, or one the signed-in role does not use (the two are answered alike, so a page's
 * existence is not disclosed), shown inside the dashboard with its navigation.
 */
export default function DashboardNotFound() {
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-3 text-sm text-stone-600">This page does not exist, or it is not part of your account&apos;s dashboard.</p>
      <Link href="/dashboard" className={buttonClass('primary', 'mt-6')}>
        Back to your dashboard
      </Link>
    </div>
  );
}
