import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ActionDialog } from '@/components/admin/action-dialog';
import { ActionForm } from '@/components/admin/action-form';
import { ConsoleNav } from '@/components/admin/console-nav';
import { Badge } from '@/components/ui/badge';
import { Card, PageHeader } from '@/components/ui/card';
import { ConfirmForm } from '@/components/ui/confirm-form';
import { getDb } from '@/db/client';
import { CONNECTIONS_PAGE, CONNECTIONS_SHOWN, partnersOverview } from '@/lib/ops/partners-view';
import { endpointHealth, isFailingLong } from '@/lib/ops/endpoint-health';
import { requireDashboardUser } from '../../../_lib/action';
import {
  createClientAction,
  createConnectionAction,
  createLoyaltyProgramAction,
  renameLoyaltyProgramAction,
  createWebhookEndpointAction,
  disablePartnerAction,
  removeConnectionAction,
  renamePartnerAction,
  revokeClientAction,
  rotateClientSecretAction,
  rotateWebhookSecretAction,
  sendTestEventAction,
  setEndpointDisabledAction,
  updateWebhookEndpointAction,
} from '../actions';
import { firstParam, type SearchParams } from '../../search-params';
import { partnerTypeWords } from '../../words';

export const metadata: Metadata = { title: 'Partner' };
export const dynamic = 'force-dynamic';

const LIST = '/dashboard/admin/partners';
const graceOptions = [
  { value: '0', label: 'no time (revoke now)' },
  { value: '1', label: '1 hour' },
  { value: '24', label: '24 hours' },
  { value: '72', label: '3 days' },
  { value: '168', label: '7 days' },
];
const time = (value: Date | null) => (value ? value.toISOString().replace('T', ' ').slice(0, 19) : '—');

/** One partner: its clients, connections, loyalty programs and webhook endpoints; what changes it is in dialogs. */
export default async function PartnerPage({ params, searchParams }: { params: Promise<{ partnerId: string }>; searchParams: Promise<SearchParams> }) {
  const { partnerId } = await params;
  const PAGE = `${LIST}/${encodeURIComponent(partnerId)}`;
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const db = getDb();
  // `?connections=all&page=<n>` lists every connection, a page at a time.
  const expanded = firstParam(search.connections) !== undefined;
  const expandedPage = Math.max(0, Number.parseInt(firstParam(search.page) ?? '0', 10) || 0);
  const [partners, endpoints] = await Promise.all([
    partnersOverview(db, { partnerId, ...(expanded ? { expand: { partnerId, page: expandedPage } } : {}) }),
    endpointHealth(db, { partnerId }),
  ]);
  if (!partners.length) notFound();
  const expandedId = expanded ? partnerId : undefined;
  return (
    <>
      <PageHeader
        title={partners[0]!.name}
        description={
          <>
            {partnerTypeWords[partners[0]!.type] ?? partners[0]!.type} · <code className="text-xs">{partnerId}</code> ·{' '}
            <Link className="underline" href={`/dashboard/admin/requests?partnerId=${encodeURIComponent(partnerId)}`}>
              its API requests
            </Link>{' '}
            ·{' '}
            <Link className="underline" href={`/dashboard/admin/deliveries?partnerId=${encodeURIComponent(partnerId)}`}>
              its webhook deliveries
            </Link>
          </>
        }
      />
      <ConsoleNav current={LIST} />
      <p className="mb-4 text-sm">
        <Link className="underline" href={LIST}>
          ← All partners
        </Link>
      </p>
      <div className="space-y-6">
        {partners.map((partner) => {
          const own = endpoints.filter((endpoint) => endpoint.partnerId === partner.id);
          return (
            <Card
              key={partner.id}
              title={
                <span data-testid="partner-name">
                  {partner.name} <Badge>{partnerTypeWords[partner.type] ?? partner.type}</Badge>
                </span>
              }
              actions={<code className="break-all text-xs text-stone-500">{partner.id}</code>}
            >
              <section id={`partner-${partner.id}`} aria-label={`Partner ${partner.name} (${partner.id})`} className="grid scroll-mt-4 gap-6 lg:grid-cols-2">
                <div className="space-y-4">
                  {partner.disabledAt ? <Badge tone="red">disabled {time(partner.disabledAt)}</Badge> : null}
                  <ActionDialog
                    trigger="Rename partner"
                    title={`Rename ${partner.name}`}
                    action={renamePartnerAction}
                    submit="Rename"
                    fields={[
                      { name: 'partnerId', label: '', type: 'hidden', value: partner.id },
                      { name: 'name', label: 'Name', value: partner.name },
                    ]}
                  />
                  <div>
                    <h3 className="text-sm font-semibold">Clients</h3>
                    <ul className="my-1 text-sm">
                      {partner.clients.map((client) => (
                        <li key={client.clientId} className="py-1">
                          <code className="text-xs">{client.clientId}</code> <span className="text-xs text-stone-500">since {time(client.createdAt)}</span>{' '}
                          {client.revokedAt ? <Badge tone="red">revoked</Badge> : null}
                          {client.previousSecretExpiresAt && client.previousSecretExpiresAt > new Date() ? (
                            <Badge tone="amber">old secret valid until {time(client.previousSecretExpiresAt)}</Badge>
                          ) : null}
                          {client.revokedAt ? null : (
                            <div className="mt-1 flex flex-wrap gap-3">
                              {client.confidential ? (
                                <ActionForm
                                  inline
                                  action={rotateClientSecretAction}
                                  submit="Rotate secret"
                                  fields={[
                                    { name: 'clientId', label: '', type: 'hidden', value: client.clientId },
                                    {
                                      name: 'graceHours',
                                      label: 'Old secret keeps working for',
                                      type: 'select',
                                      required: true,
                                      value: '24',
                                      options: graceOptions,
                                    },
                                  ]}
                                />
                              ) : null}
                              <ConfirmForm
                                action={revokeClientAction}
                                fields={{ clientId: client.clientId }}
                                label={`Revoke client ${client.clientId}`}
                                title="Revoke this client?"
                                description={`${client.clientId} and every token it holds stop working at once.`}
                                confirmLabel="Revoke client"
                                variant="secondary"
                                className="py-1 text-xs"
                              >
                                Revoke
                              </ConfirmForm>
                            </div>
                          )}
                        </li>
                      ))}
                    </ul>
                    <ActionDialog
                      trigger="New client"
                      title={`New client of ${partner.name}`}
                      description="A confidential client gets a secret, shown once here; a POS client signs in with the device flow."
                      action={createClientAction}
                      submit="Create client"
                      fields={[{ name: 'partnerId', label: '', type: 'hidden', value: partner.id }]}
                    />
                  </div>
                  <div>
                    <h3 className="text-sm font-semibold">Connected locations ({partner.connectionCount.toLocaleString('en')})</h3>
                    <ul className="my-1 space-y-1 text-sm text-stone-600">
                      {partner.locationIds.length ? null : <li>none</li>}
                      {partner.locationIds.map((locationId) => (
                        <li key={locationId} className="flex items-center gap-2">
                          <code className="text-xs">{locationId}</code>
                          <ConfirmForm
                            action={removeConnectionAction}
                            fields={{ partnerId: partner.id, locationId }}
                            label={`Disconnect ${locationId}`}
                            title="Disconnect this location?"
                            description={`${partner.name} loses access to ${locationId}.`}
                            confirmLabel="Disconnect"
                            variant="secondary"
                            className="py-1 text-xs"
                          >
                            Disconnect
                          </ConfirmForm>
                        </li>
                      ))}
                    </ul>
                    <ConnectionsPager
                      partnerId={partner.id}
                      total={partner.connectionCount}
                      page={expandedId === partner.id ? expandedPage : null}
                      shown={partner.locationIds.length}
                    />
                    <ActionDialog
                      trigger="Connect a location"
                      title={`Connect ${partner.name} to a location`}
                      action={createConnectionAction}
                      submit="Connect"
                      fields={[
                        { name: 'partnerId', label: '', type: 'hidden', value: partner.id },
                        // Typed and found on the server as one types (never a list of every location of the hub).
                        { name: 'locationId', label: 'Location', type: 'location', required: true },
                      ]}
                    />
                  </div>
                  {partner.type === 'LOYALTY' ? (
                    <div>
                      <h3 className="text-sm font-semibold">Loyalty programs</h3>
                      {partner.programs.length ? (
                        <ul className="my-1 space-y-1" aria-label={`Loyalty programs of ${partner.name} (${partner.id})`}>
                          {partner.programs.map((program) => (
                            <li key={program.loyaltyProgramId}>
                              <ActionForm
                                inline
                                action={renameLoyaltyProgramAction}
                                submit="Rename"
                                fields={[
                                  { name: 'partnerId', label: '', type: 'hidden', value: partner.id },
                                  { name: 'loyaltyProgramId', label: '', type: 'hidden', value: program.loyaltyProgramId },
                                  { name: 'name', label: `Name of ${program.loyaltyProgramId}`, value: program.name, required: true },
                                ]}
                              />
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <p className="my-1 text-sm text-stone-600">none</p>
                      )}
                      <ActionDialog
                        trigger="Add program"
                        title={`New loyalty program of ${partner.name}`}
                        action={createLoyaltyProgramAction}
                        submit="Add program"
                        fields={[
                          { name: 'partnerId', label: '', type: 'hidden', value: partner.id },
                          { name: 'loyaltyProgramId', label: 'Program id' },
                          { name: 'name', label: 'Program name' },
                        ]}
                      />
                    </div>
                  ) : null}
                </div>
                <div className="space-y-3">
                  <h3 className="text-sm font-semibold">Webhook endpoints</h3>
                  {own.map((endpoint) => (
                    <div key={endpoint.id} className="rounded-md border border-stone-200 p-3 text-sm" data-testid="webhook-endpoint">
                      <p className="break-all font-mono text-xs">{endpoint.url}</p>
                      <p className="mt-1 flex flex-wrap gap-2 text-xs text-stone-600">
                        <code>{endpoint.id}</code>
                        {endpoint.disabledAt ? <Badge tone="red">disabled {time(endpoint.disabledAt)}</Badge> : <Badge tone="green">enabled</Badge>}
                        {isFailingLong(endpoint) ? <Badge tone="amber">failing since {time(endpoint.failingSince)}</Badge> : null}
                        <span>
                          last 24 h: {endpoint.succeeded24h} attempts answered 2xx, {endpoint.failed24h} not · {endpoint.pending} deliveries waiting ·{' '}
                          {endpoint.failed} deliveries given up
                        </span>
                        <span>events: {endpoint.eventTypes?.join(', ') ?? 'every type'}</span>
                        <Link className="text-brand-700 underline" href={`/dashboard/admin/deliveries?endpointId=${endpoint.id}`}>
                          deliveries
                        </Link>
                      </p>
                      <div className="mt-2 flex flex-wrap gap-3">
                        <ActionForm
                          inline
                          action={sendTestEventAction}
                          submit="Send test event"
                          fields={[{ name: 'endpointId', label: '', type: 'hidden', value: endpoint.id }]}
                        />
                        <ActionForm
                          inline
                          action={setEndpointDisabledAction}
                          submit={endpoint.disabledAt ? 'Enable' : 'Disable'}
                          fields={[
                            { name: 'endpointId', label: '', type: 'hidden', value: endpoint.id },
                            { name: 'disabled', label: '', type: 'hidden', value: endpoint.disabledAt ? 'false' : 'true' },
                          ]}
                        />
                        <ActionDialog
                          trigger="Edit"
                          title="Edit endpoint"
                          action={updateWebhookEndpointAction}
                          submit="Save endpoint"
                          fields={[
                            { name: 'endpointId', label: '', type: 'hidden', value: endpoint.id },
                            { name: 'url', label: 'URL', type: 'url', value: endpoint.url },
                            { name: 'eventTypes', label: 'Event types', type: 'event-types', value: endpoint.eventTypes?.join(',') ?? '' },
                          ]}
                        />
                        <ActionForm
                          inline
                          action={rotateWebhookSecretAction}
                          submit="Rotate secret"
                          fields={[{ name: 'endpointId', label: '', type: 'hidden', value: endpoint.id }]}
                        />
                      </div>
                    </div>
                  ))}
                  <ActionDialog
                    trigger="Add endpoint"
                    title={`New webhook endpoint of ${partner.name}`}
                    description="Its signing secret is shown once here."
                    action={createWebhookEndpointAction}
                    submit="Add endpoint"
                    fields={[
                      { name: 'partnerId', label: '', type: 'hidden', value: partner.id },
                      { name: 'url', label: 'Endpoint URL', type: 'url', placeholder: 'https://partner.example/webhooks' },
                      { name: 'eventTypes', label: 'Event types', type: 'event-types' },
                    ]}
                  />
                </div>
              </section>
              {partner.disabledAt ? null : (
                <div className="mt-6 border-t border-stone-200 pt-4">
                  <ConfirmForm
                    action={disablePartnerAction}
                    fields={{ partnerId: partner.id }}
                    label={`Disable partner ${partner.name}`}
                    title={`Disable ${partner.name}?`}
                    description="Its clients stop getting tokens, its tokens stop working, and its webhooks stop."
                    confirmLabel="Disable partner"
                    variant="danger"
                  >
                    Disable partner
                  </ConfirmForm>
                </div>
              )}
            </Card>
          );
        })}
      </div>
    </>
  );
}

/**
 * Under a partner's connections: "Show all" when only the first CONNECTIONS_SHOWN are listed, or, listing them all a
 * page at a time, where this page is and the way to the others.
 */
function ConnectionsPager({ partnerId, total, page, shown }: { partnerId: string; total: number; page: number | null; shown: number }) {
  const link = 'text-brand-700 underline';
  if (page === null) {
    return total > CONNECTIONS_SHOWN ? (
      <p className="mb-3 text-sm">
        <Link className={link} href={`${LIST}/${encodeURIComponent(partnerId)}?connections=all`}>
          Show all {total.toLocaleString('en')} connections
        </Link>
      </p>
    ) : null;
  }
  const first = page * CONNECTIONS_PAGE;
  const pageHref = (to: number) => `${LIST}/${encodeURIComponent(partnerId)}?connections=all&page=${to}`;
  return (
    <nav className="mb-3 flex flex-wrap items-center gap-3 text-sm" aria-label="Connections pages">
      <span className="text-stone-600">
        {shown ? `${(first + 1).toLocaleString('en')}–${(first + shown).toLocaleString('en')}` : 'none'} of {total.toLocaleString('en')}
      </span>
      {page > 0 ? (
        <Link className={link} href={pageHref(page - 1)}>
          Previous
        </Link>
      ) : null}
      {first + CONNECTIONS_PAGE < total ? (
        <Link className={link} href={pageHref(page + 1)}>
          Next
        </Link>
      ) : null}
      <Link className={link} href={`${LIST}/${encodeURIComponent(partnerId)}`}>
        Show fewer
      </Link>
    </nav>
  );
}
