import type { Metadata } from 'next';
import Link from 'next/link';
import { ActionForm } from '@/components/admin/action-form';
import { ConsoleNav } from '@/components/admin/console-nav';
import { Badge } from '@/components/ui/badge';
import { Card, PageHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { CONNECTIONS_PAGE, CONNECTIONS_SHOWN, locationChoices, partnersOverview } from '@/lib/ops/console';
import { endpointHealth, isFailingLong } from '@/lib/ops/endpoint-health';
import { requireDashboardUser } from '../../_lib/action';
import {
  createClientAction,
  createConnectionAction,
  createLoyaltyProgramAction,
  renameLoyaltyProgramAction,
  createPartnerAction,
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
} from '../console-actions';
import { firstParam, type SearchParams } from '../search-params';

export const metadata: Metadata = { title: 'Partners & webhooks' };
export const dynamic = 'force-dynamic';

const PAGE = '/dashboard/admin/partners';
const partnerTypes = ['POS', 'ORDERING_APP', 'BOOKING_APP', 'LOYALTY'].map((type) => ({ value: type, label: type }));
const graceOptions = [
  { value: '0', label: 'no time (revoke now)' },
  { value: '1', label: '1 hour' },
  { value: '24', label: '24 hours' },
  { value: '72', label: '3 days' },
  { value: '168', label: '7 days' },
];
const time = (value: Date | null) => (value ? value.toISOString().replace('T', ' ').slice(0, 19) : '—');

export default async function PartnersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireDashboardUser(['ADMIN'], PAGE);
  const search = await searchParams;
  const db = getDb();
  // `?connections=<partnerId>&page=<n>` lists every connection of one partner, a page at a time.
  const expandedId = firstParam(search.connections);
  const expandedPage = Math.max(0, Number.parseInt(firstParam(search.page) ?? '0', 10) || 0);
  const [partners, endpoints, locationOptions] = await Promise.all([
    partnersOverview(db, expandedId ? { expand: { partnerId: expandedId, page: expandedPage } } : {}),
    endpointHealth(db),
    // Every location as a choice while there are few; beyond that the Connect form takes a location id.
    locationChoices(db),
  ]);
  return (
    <>
      <PageHeader title="Partners & webhooks" description="Partners, their clients, connections, loyalty programs and webhook endpoints." />
      <ConsoleNav current={PAGE} />
      <div className="mb-6 max-w-md">
        <Card title="New partner">
          <ActionForm
            action={createPartnerAction}
            submit="Create partner"
            fields={[
              { name: 'name', label: 'Partner name' },
              { name: 'type', label: 'Type', type: 'select', options: partnerTypes, required: true },
            ]}
          />
        </Card>
      </div>
      <div className="space-y-6">
        {partners.map((partner) => {
          const own = endpoints.filter((endpoint) => endpoint.partnerId === partner.id);
          return (
            <Card
              key={partner.id}
              title={
                <span data-testid="partner-name">
                  {partner.name} <Badge>{partner.type}</Badge>
                </span>
              }
              actions={<code className="break-all text-xs text-stone-500">{partner.id}</code>}
            >
              <section id={`partner-${partner.id}`} aria-label={`Partner ${partner.name} (${partner.id})`} className="grid scroll-mt-4 gap-6 lg:grid-cols-2">
                <div className="space-y-4">
                  {partner.disabledAt ? (
                    <Badge tone="red">disabled {time(partner.disabledAt)}</Badge>
                  ) : (
                    <ActionForm
                      inline
                      action={disablePartnerAction}
                      submit="Disable partner"
                      fields={[{ name: 'partnerId', label: '', type: 'hidden', value: partner.id }]}
                    />
                  )}
                  <ActionForm
                    inline
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
                              <ActionForm
                                inline
                                action={revokeClientAction}
                                submit="Revoke"
                                fields={[{ name: 'clientId', label: '', type: 'hidden', value: client.clientId }]}
                              />
                            </div>
                          )}
                        </li>
                      ))}
                    </ul>
                    <ActionForm
                      inline
                      action={createClientAction}
                      submit="New client"
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
                          <ActionForm
                            inline
                            action={removeConnectionAction}
                            submit="Disconnect"
                            fields={[
                              { name: 'partnerId', label: '', type: 'hidden', value: partner.id },
                              { name: 'locationId', label: '', type: 'hidden', value: locationId },
                            ]}
                          />
                        </li>
                      ))}
                    </ul>
                    <ConnectionsPager
                      partnerId={partner.id}
                      total={partner.connectionCount}
                      page={expandedId === partner.id ? expandedPage : null}
                      shown={partner.locationIds.length}
                    />
                    <ActionForm
                      inline
                      action={createConnectionAction}
                      submit="Connect"
                      fields={[
                        { name: 'partnerId', label: '', type: 'hidden', value: partner.id },
                        locationOptions
                          ? { name: 'locationId', label: 'Location', type: 'select', options: locationOptions, required: true }
                          : { name: 'locationId', label: 'Location id', placeholder: 'loc_…', required: true },
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
                      <ActionForm
                        inline
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
                          24 h: {endpoint.succeeded24h} ok / {endpoint.failed24h} failed · backlog {endpoint.pending} · failed {endpoint.failed}
                        </span>
                        <span>types: {endpoint.eventTypes?.join(', ') ?? 'all'}</span>
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
                        <details>
                          <summary className="cursor-pointer text-xs text-stone-600">Edit</summary>
                          <ActionForm
                            action={updateWebhookEndpointAction}
                            submit="Save endpoint"
                            fields={[
                              { name: 'endpointId', label: '', type: 'hidden', value: endpoint.id },
                              { name: 'url', label: 'URL', type: 'url', value: endpoint.url },
                              { name: 'eventTypes', label: 'Event types (empty for all)', value: endpoint.eventTypes?.join(', ') ?? '' },
                            ]}
                          />
                        </details>
                        <ActionForm
                          inline
                          action={rotateWebhookSecretAction}
                          submit="Rotate secret"
                          fields={[{ name: 'endpointId', label: '', type: 'hidden', value: endpoint.id }]}
                        />
                      </div>
                    </div>
                  ))}
                  <ActionForm
                    action={createWebhookEndpointAction}
                    submit="Add endpoint"
                    fields={[
                      { name: 'partnerId', label: '', type: 'hidden', value: partner.id },
                      { name: 'url', label: 'Endpoint URL', type: 'url', placeholder: 'https://partner.example/webhooks' },
                      { name: 'eventTypes', label: 'Event types (comma-separated, empty for all)' },
                    ]}
                  />
                </div>
              </section>
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
        <Link className={link} href={`${PAGE}?connections=${encodeURIComponent(partnerId)}#partner-${partnerId}`}>
          Show all {total.toLocaleString('en')} connections
        </Link>
      </p>
    ) : null;
  }
  const first = page * CONNECTIONS_PAGE;
  const pageHref = (to: number) => `${PAGE}?connections=${encodeURIComponent(partnerId)}&page=${to}#partner-${partnerId}`;
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
      <Link className={link} href={`${PAGE}#partner-${partnerId}`}>
        Show fewer
      </Link>
    </nav>
  );
}
