import type { Metadata } from 'next';
import { ConsoleNav } from '@/components/admin/console-nav';
import { FilterBar } from '@/components/admin/filter-bar';
import { Badge } from '@/components/ui/badge';
import { EmptyState, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { config } from '@/lib/config';
import { listMail, type MailRow } from '@/lib/mail/outbox';
import { requireDashboardUser } from '../../_lib/action';
import { firstParam, type SearchParams } from '../search-params';

export const metadata: Metadata = { title: 'Mail' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/mail';
const STATUSES = ['PENDING', 'SENT', 'KEPT', 'FAILED'] as const;
const tone = { PENDING: 'amber', SENT: 'green', KEPT: 'blue', FAILED: 'red' } as const;
const utc = (at: Date | null) => (at ? at.toISOString().replace('T', ' ').slice(0, 19) : '—');

/**
 * The mail outbox (docs/contract.md#configuration): what Counterpart sent or is retrying, and without SMTP_URL every mail in full, so a
 * fresh install can still reset a password. Only kept mail shows its text: a sent mail's links belong to its reader.
 */
export default async function MailPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const status = STATUSES.find((candidate) => candidate === firstParam(search.status));
  const mails = await listMail(getDb(), { status });
  const smtp = config().SMTP_URL;
  return (
    <>
      <PageHeader
        title="Mail"
        description={
          smtp
            ? 'Mail goes out through SMTP_URL; a mail the server does not take is retried for about two days.'
            : 'No SMTP_URL is set, so mail stays here in the outbox. Open a mail to read it and pass its link on.'
        }
      />
      <ConsoleNav current={PAGE} />
      <FilterBar
        action={PAGE}
        values={{ status }}
        filters={[{ name: 'status', label: 'Status', options: [{ value: '', label: 'Any' }, ...STATUSES.map((value) => ({ value, label: value }))] }]}
      />
      {mails.length ? (
        <ul className="space-y-3" data-testid="mail-outbox">
          {mails.map((mail) => (
            <MailItem key={mail.id} mail={mail} />
          ))}
        </ul>
      ) : (
        <EmptyState>No mail {status ? `is ${status}` : 'yet'}.</EmptyState>
      )}
    </>
  );
}

function MailItem({ mail }: { mail: MailRow }) {
  return (
    <li className="min-w-0 rounded-lg border border-stone-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone={tone[mail.status]}>{mail.status}</Badge>
        <span className="font-medium break-all">{mail.recipient}</span>
        <span className="text-stone-600">{mail.subject}</span>
      </div>
      <p className="mt-1 font-mono text-xs text-stone-500">
        {mail.purpose} · queued {utc(mail.createdAt)} UTC · {mail.attemptCount} {mail.attemptCount === 1 ? 'attempt' : 'attempts'}
        {mail.completedAt ? ` · done ${utc(mail.completedAt)} UTC` : ''}
      </p>
      {mail.lastError ? <p className="mt-1 text-xs break-words text-red-700">{mail.lastError}</p> : null}
      {mail.status === 'KEPT' ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-medium text-brand-700">Read mail</summary>
          <pre className="mt-2 overflow-x-auto text-xs whitespace-pre-wrap break-words" data-testid="mail-text">
            {mail.textBody}
          </pre>
        </details>
      ) : null}
    </li>
  );
}
