import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { endpointAlerts, partners, SUCCEEDED_ATTEMPT, webhookAttempts, webhookEndpoints } from '@/db/schema';
import { enqueueMail } from '@/lib/mail/outbox';
import { endpointAlertMail, publicLink, type EndpointAttemptSummary } from '@/lib/mail/templates';
import { partnerAlertRecipients } from '@/lib/tenancy/partner-alert-recipients';

// Alerts for a partner's developers (README.md#endpoint-alerts): a mail when one of its webhook endpoints
// has failed for an hour, and when it is disabled, with the last errors and a link; each kind at most once per endpoint
// per day, whichever instance notices first.

/** How long every attempt must have failed before the developers hear of it. */
export const FAILING_ALERT_AFTER_MS = 60 * 60 * 1000;
const LAST_ATTEMPTS_SHOWN = 5;

type AlertKind = 'FAILING' | 'DISABLED';

/** Where a partner developer sees an endpoint and its deliveries (the partner portal, under /partner). */
export const endpointPagePath = (endpointId: string) => `/partner/webhooks/${encodeURIComponent(endpointId)}`;

/** The key that lets one alert of a kind through per endpoint and UTC day. */
export const alertDedupeKey = (kind: AlertKind, endpointId: string, now: Date) => `${kind}:${endpointId}:${now.toISOString().slice(0, 10)}`;

async function lastFailedAttempts(db: Executor, endpointId: string): Promise<EndpointAttemptSummary[]> {
  return db
    .select({ at: webhookAttempts.attemptedAt, statusCode: webhookAttempts.statusCode, error: webhookAttempts.error })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.endpointId, endpointId), sql.raw(`not (${SUCCEEDED_ATTEMPT})`)))
    .orderBy(desc(webhookAttempts.attemptedAt))
    .limit(LAST_ATTEMPTS_SHOWN);
}

/**
 * Sends one alert about an endpoint to every recipient of its partner, unless one of that kind went out today: the
 * dedupe row and the mails commit together, so a crash loses neither and two instances never both send. Answers
 * whether it was sent now.
 */
async function alertOnce(
  db: Database,
  input: { kind: AlertKind; endpointId: string; failingSince: Date | null; reason?: string; now: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, partnerId: webhookEndpoints.partnerId, partnerName: partners.name })
      .from(webhookEndpoints)
      .innerJoin(partners, eq(partners.id, webhookEndpoints.partnerId))
      .where(eq(webhookEndpoints.id, input.endpointId));
    if (!endpoint) return false;
    const inserted = await tx
      .insert(endpointAlerts)
      .values({ dedupeKey: alertDedupeKey(input.kind, endpoint.id, input.now), endpointId: endpoint.id, partnerId: endpoint.partnerId, kind: input.kind })
      .onConflictDoNothing()
      .returning({ key: endpointAlerts.dedupeKey });
    if (!inserted.length) return false;
    const lastAttempts = await lastFailedAttempts(tx, endpoint.id);
    const link = publicLink(endpointPagePath(endpoint.id));
    for (const recipient of await partnerAlertRecipients(tx, endpoint.partnerId)) {
      await enqueueMail(tx, {
        purpose: input.kind === 'FAILING' ? 'endpoint-failing' : 'endpoint-disabled',
        to: recipient.email,
        ...endpointAlertMail({
          kind: input.kind,
          name: recipient.name,
          partnerName: endpoint.partnerName,
          url: endpoint.url,
          failingSince: input.failingSince,
          reason: input.reason,
          lastAttempts,
          link,
        }),
      });
    }
    return true;
  });
}

/**
 * Alerts the developers of every enabled endpoint (of `failing`, each with the first failure since its last success)
 * whose attempts have all failed for an hour; answers the endpoints alerted now.
 */
export async function alertFailingEndpoints(db: Database, failing: { id: string; failingSince: Date | null }[], now = new Date()): Promise<string[]> {
  const alerted: string[] = [];
  for (const endpoint of failing) {
    if (endpoint.failingSince === null || now.getTime() - endpoint.failingSince.getTime() < FAILING_ALERT_AFTER_MS) continue;
    if (await alertOnce(db, { kind: 'FAILING', endpointId: endpoint.id, failingSince: endpoint.failingSince, now })) alerted.push(endpoint.id);
  }
  return alerted;
}

/** Tells the endpoint's developers it was disabled (by the long-failure rule or by a person), once a day at most. */
export function alertEndpointDisabled(db: Database, input: { endpointId: string; failingSince: Date | null; reason?: string; now?: Date }): Promise<boolean> {
  return alertOnce(db, {
    kind: 'DISABLED',
    endpointId: input.endpointId,
    failingSince: input.failingSince,
    reason: input.reason,
    now: input.now ?? new Date(),
  });
}
