'use client';

import Link from 'next/link';
import { useActionState, useEffect, useState } from 'react';
import { bulkReplayAction, replayDeliveryAction } from '@/app/dashboard/admin/deliveries/actions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Field, Input, Select } from '@/components/ui/field';
import type { WebhookDeliveryView } from '@/lib/events/delivery-log';
import type { FormState } from '@/lib/forms';

const statusTone = { PENDING: 'amber', SUCCEEDED: 'green', FAILED: 'red' } as const;
const statusWords = { PENDING: 'Waiting', SUCCEEDED: 'Delivered', FAILED: 'Failed' } as const;
const time = (value: string | null) => (value ? value.replace('T', ' ').slice(0, 19) : '—');

function ReplayOne({ deliveryId, onQueued }: { deliveryId: string; onQueued: () => void }) {
  const [state, action, pending] = useActionState<FormState & { queued?: boolean }, FormData>(replayDeliveryAction, {});
  useEffect(() => {
    if (state.queued) onQueued();
  }, [state, onQueued]);
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <Button type="submit" variant="secondary" className="px-2 py-1 text-xs" disabled={pending}>
        {pending ? 'Replaying…' : 'Replay'}
      </Button>
      {state.queued ? (
        <span role="status" className="text-xs text-emerald-700">
          Queued
        </span>
      ) : null}
      {state.error ? (
        <span role="alert" className="text-xs text-red-600">
          {state.error}
        </span>
      ) : null}
    </form>
  );
}

/**
 * Deliveries with their payload link, every attempt and a replay button. A replayed row stays in place (marked
 * "replayed") even when the filter it was found by no longer matches it, so the operator sees what happened.
 */
export function DeliveryList({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  const [replayed, setReplayed] = useState<Map<string, WebhookDeliveryView>>(new Map());
  const shown = [...deliveries, ...[...replayed.values()].filter((kept) => !deliveries.some((delivery) => delivery.id === kept.id))];
  return (
    <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm" data-testid="deliveries">
      {shown.map((delivery) => (
        <li key={delivery.id} className="px-3 py-2" data-testid="delivery" data-status={delivery.status}>
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-mono text-xs">{time(delivery.createdAt)}</span>
            <Badge tone={statusTone[delivery.status]}>{statusWords[delivery.status]}</Badge>
            {delivery.status === 'PENDING' && delivery.nextAttemptAt ? (
              <span className="text-xs text-stone-600">
                next attempt <span className="font-mono">{time(delivery.nextAttemptAt)}</span> UTC
              </span>
            ) : null}
            {replayed.has(delivery.id) ? <Badge tone="blue">replayed</Badge> : null}
            <span className="font-medium">{delivery.eventType}</span>
            <span className="text-stone-600">{delivery.partnerName}</span>
            <span className="min-w-0 truncate font-mono text-xs text-stone-500">{delivery.url}</span>
            <span className="font-mono text-xs text-stone-500">{delivery.id}</span>
            <span className="ml-auto">
              <ReplayOne
                deliveryId={delivery.id}
                onQueued={() => setReplayed((current) => (current.has(delivery.id) ? current : new Map(current).set(delivery.id, delivery)))}
              />
            </span>
          </div>
          <details className="mt-1">
            <summary className="cursor-pointer text-xs text-stone-600">
              {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? '' : 's'} · event {delivery.eventId} · resource {delivery.resourceKey}
            </summary>
            {delivery.requestId ? (
              <p className="mt-1 text-xs">
                Caused by request{' '}
                <Link className="font-mono text-brand-700 underline" href={`/dashboard/admin/requests?requestId=${encodeURIComponent(delivery.requestId)}`}>
                  {delivery.requestId}
                </Link>
              </p>
            ) : null}
            <ScrollRegion label={`Attempts of delivery ${delivery.id}`} className="mt-1">
              <table className="w-full text-left text-xs [&_td]:pr-3 [&_th]:pr-3">
                <thead className="text-stone-500">
                  <tr>
                    <th>Attempted (UTC)</th>
                    <th>Status</th>
                    <th>Latency</th>
                    <th>Error</th>
                    <th>Response excerpt</th>
                  </tr>
                </thead>
                <tbody>
                  {delivery.attempts.map((attempt) => (
                    <tr key={attempt.attemptedAt}>
                      <td className="font-mono">{time(attempt.attemptedAt)}</td>
                      <td>{attempt.statusCode ?? '—'}</td>
                      <td>{attempt.latencyMs} ms</td>
                      <td className="text-red-700">{attempt.error ?? ''}</td>
                      <td className="max-w-48 truncate font-mono sm:max-w-md">{attempt.responseSnippet ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** Replays every failed delivery of an endpoint since a time: the first step counts, the second confirms. */
export function BulkReplay({ endpoints }: { endpoints: { id: string; label: string }[] }) {
  const [state, action, pending] = useActionState<FormState & { count?: number; replayed?: number }, FormData>(bulkReplayAction, {});
  const counted = state.count !== undefined && state.replayed === undefined && !state.error;
  return (
    <form action={action} className="flex flex-wrap items-end gap-3">
      <Field label="Endpoint" htmlFor="bulk-endpoint" error={state.fieldErrors?.endpointId}>
        <Select id="bulk-endpoint" name="endpointId" defaultValue={state.values?.endpointId ?? ''} key={state.values?.endpointId}>
          <option value="">—</option>
          {endpoints.map((endpoint) => (
            <option key={endpoint.id} value={endpoint.id}>
              {endpoint.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Failed since (UTC)" htmlFor="bulk-since" error={state.fieldErrors?.since}>
        <Input id="bulk-since" name="since" type="datetime-local" step={1} defaultValue={state.values?.since ?? ''} key={state.values?.since} />
      </Field>
      {counted ? <input type="hidden" name="confirm" value="yes" /> : null}
      <Button type="submit" variant={counted ? 'danger' : 'secondary'} disabled={pending}>
        {counted ? `Replay ${state.count} deliveries` : 'Count failed deliveries'}
      </Button>
      <div aria-live="polite" className="basis-full text-sm">
        {state.message ? (
          <p role="status" className="text-emerald-700">
            {state.message}
          </p>
        ) : null}
        {state.error ? (
          <p role="alert" className="text-red-600">
            {state.error}
          </p>
        ) : null}
      </div>
    </form>
  );
}
