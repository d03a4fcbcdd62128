import { EmptyState } from '@/components/ui/card';
import { ScrollRegion } from '@/components/ui/scroll-region';

export interface PartnerWithClients {
  id: string;
  name: string;
  type: string;
  clientIds: string[];
}

/** Partners and their client ids (docs/contract.md#demo-tenant: the admin dashboard shows the client ids). */
export function PartnersList({ partners }: { partners: PartnerWithClients[] }) {
  if (!partners.length) return <EmptyState>No partners yet.</EmptyState>;
  return (
    <ScrollRegion label="Partners and their client ids">
      <table className="min-w-full text-left text-sm">
        <thead className="border-b border-stone-200 text-xs uppercase text-stone-500">
          <tr>
            <th className="px-2 py-2 font-medium">Partner</th>
            <th className="px-2 py-2 font-medium">Type</th>
            <th className="px-2 py-2 font-medium">Client ids</th>
          </tr>
        </thead>
        <tbody>
          {partners.map((partner) => (
            <tr key={partner.id} className="border-b border-stone-100">
              <td className="px-2 py-1.5 font-medium">{partner.name}</td>
              <td className="px-2 py-1.5">{partner.type}</td>
              <td className="px-2 py-1.5">
                {partner.clientIds.length
                  ? partner.clientIds.map((clientId) => (
                      <code key={clientId} className="mr-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs">
                        {clientId}
                      </code>
                    ))
                  : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
