import { rotateSigningKeyAction } from '@/app/dashboard/admin/signing-keys-actions';
import { ActionForm } from '@/components/admin/action-form';
import { getDb } from '@/db/client';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { signingKeySummaries, type SigningKeySummary } from '@/lib/auth/key-rotation';
import { ScrollRegion } from '@/components/ui/scroll-region';

const stateBadge: Record<SigningKeySummary['state'], { tone: 'green' | 'amber' | 'neutral'; label: string }> = {
  ACTIVE: { tone: 'green', label: 'Signing' },
  PUBLISHED: { tone: 'amber', label: 'Retired, still published' },
  EXPIRED: { tone: 'neutral', label: 'Expired' },
};

const formatTime = (value: Date | null) => (value ? value.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—');

/** Token signing keys and their rotation (rendered by the admin page; a server component). */
export async function SigningKeysPanel() {
  const keys = await signingKeySummaries(getDb());
  return (
    <Card title="Signing keys" actions={<ActionForm inline action={rotateSigningKeyAction} submit="Rotate signing key" fields={[]} />}>
      <p className="mb-3 text-sm text-stone-600">
        Access tokens are signed with the current key. After a rotation the old public key stays in /.well-known/jwks.json until every token it signed has
        expired.
      </p>
      <ScrollRegion label="Signing keys">
        <table className="min-w-full text-sm">
          <thead className="text-left text-xs font-semibold tracking-wide text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-1 pr-4">
                Key id
              </th>
              <th scope="col" className="py-1 pr-4">
                State
              </th>
              <th scope="col" className="py-1 pr-4">
                Created
              </th>
              <th scope="col" className="py-1">
                Published until
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {keys.map((key) => (
              <tr key={key.kid}>
                <td className="py-2 pr-4 font-mono text-xs">{key.kid}</td>
                <td className="py-2 pr-4">
                  <Badge tone={stateBadge[key.state].tone}>{stateBadge[key.state].label}</Badge>
                </td>
                <td className="py-2 pr-4 text-stone-600">{formatTime(key.createdAt)}</td>
                <td className="py-2 text-stone-600">{key.state === 'ACTIVE' ? 'while signing' : formatTime(key.publishedUntil)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}
