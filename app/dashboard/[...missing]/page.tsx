import { notFound } from 'next/navigation';

/** Any other /dashboard/… address answers 404 inside the dashboard's layout (app/dashboard/not-found.tsx). */
export default function MissingDashboardPage() {
  notFound();
}
