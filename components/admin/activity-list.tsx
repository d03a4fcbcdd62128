import { EmptyState } from '@/components/ui/card';
import { ScrollRegion } from '@/components/ui/scroll-region';

export interface ActivityItem {
  id: string;
  type: string;
  locationId: string | null;
  resource: string;
  resourceId: string;
  version: number;
  createdAt: string;
}

/** Recent activity: the newest events across every tenant. */
export function ActivityList({ items }: { items: ActivityItem[] }) {
  if (!items.length) return <EmptyState>No events yet.</EmptyState>;
  return (
    <ScrollRegion label="Recent activity" className="max-h-96">
      <table className="min-w-full text-left text-sm">
        <thead className="border-b border-stone-200 text-xs uppercase text-stone-500">
          <tr>
            <th className="px-2 py-2 font-medium">Time (UTC)</th>
            <th className="px-2 py-2 font-medium">Event</th>
            <th className="px-2 py-2 font-medium">Location</th>
            <th className="px-2 py-2 font-medium">Resource</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-b border-stone-100">
              <td className="px-2 py-1.5 whitespace-nowrap">{item.createdAt.replace('T', ' ').slice(0, 19)}</td>
              <td className="px-2 py-1.5 font-medium">{item.type}</td>
              <td className="px-2 py-1.5">{item.locationId ?? '—'}</td>
              <td className="px-2 py-1.5">
                {item.resource} <code className="text-xs">{item.resourceId}</code> v{item.version}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
