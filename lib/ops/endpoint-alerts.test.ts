import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointAlerts, mailOutbox, users, webhookAttempts } from '@/db/schema';
import { resetConfig } from '@/lib/config';
import { createWebhookDispatcher } from '@/lib/events/webhook-dispatcher';
import { newId } from '@/lib/ids';
import { createMailSender } from '@/lib/mail/mail-sender';
import { closeSmtpTransports } from '@/lib/mail/transport';
import { useTestDatabase } from '@/lib/testing/database';
import { dispatchUntil, emitOrderEvent, webhookSubscriber } from '@/lib/testing/event-fixtures';
import { startSmtpSink, type SmtpSink } from '@/lib/testing/smtp-sink';
import { startWebhookReceiver } from '@/lib/testing/webhook-receiver';
import { partnerAlertRecipients } from '@/lib/tenancy/partner-alert-recipients';
import { SYSTEM_ACTOR } from './audit';
import { alertDedupeKey, endpointPagePath } from './endpoint-alerts';
import { alertLongFailingEndpoints, disableLongFailingEndpoints, setEndpointDisabled } from './endpoint-health';

const database = useTestDatabase();
const db = () => database.db();
const HOUR = 3_600_000;
let sink: SmtpSink;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  resetConfig({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '0,0',
    WEBHOOK_TIMEOUT_MS: '2000',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    PUBLIC_URL: 'https://hub.example.com',
  });
});
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  closeSmtpTransports();
  await sink.close();
  resetConfig();
});

const addUser = async (partnerId: string | null, email: string, disabled = false, role: 'PARTNER_DEVELOPER' | 'LOYALTY_PARTNER' = 'PARTNER_DEVELOPER') =>
  db()
    .insert(users)
    .values({ id: newId(), email, name: email.split('@')[0], passwordHash: 'x', role, partnerId, disabledAt: disabled ? new Date() : null });

/** A partner with a webhook endpoint whose receiver answers 503 to everything, and one delivery that failed for good. */
async function failingEndpoint() {
  const receiver = await startWebhookReceiver(
    () => [],
    () => 503,
  );
  closers.push(() => receiver.close());
  const subscriber = await webhookSubscriber(db(), receiver.url);
  await emitOrderEvent(db(), { locationId: subscriber.locationId, partnerId: subscriber.partnerId, orderId: newId(), version: 1 });
  const dispatcher = createWebhookDispatcher(database.handle(), { batchSize: 10 });
  await dispatchUntil(
    dispatcher,
    async () => (await db().select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, subscriber.endpoint.id))).length >= 3,
  );
  return subscriber;
}

const sendAll = async () => {
  const sender = createMailSender(database.handle());
  while ((await sender.sendBatch()) > 0);
};

describe('partnerAlertRecipients', () => {
  it("names the partner's enabled developers, not its reviewers, and nobody of another partner", async () => {
    const first = await webhookSubscriber(db(), 'https://first.example.com/hooks');
    const second = await webhookSubscriber(db(), 'https://second.example.com/hooks');
    await addUser(first.partnerId, 'dev@first.test');
    await addUser(first.partnerId, 'gone@first.test', true);
    await addUser(first.partnerId, 'reviewer@first.test', false, 'LOYALTY_PARTNER');
    await addUser(second.partnerId, 'dev@second.test');
    await addUser(null, 'nobody@merchant.test');
    expect((await partnerAlertRecipients(db(), first.partnerId)).map((recipient) => recipient.email)).toEqual(['dev@first.test']);
    expect((await partnerAlertRecipients(db(), second.partnerId)).map((recipient) => recipient.email)).toEqual(['dev@second.test']);
  });
});

describe('endpoint alerts', () => {
  it('mails the developers once a day when an endpoint has failed for an hour, with the last errors and a link', async () => {
    const { partnerId, endpoint } = await failingEndpoint();
    await addUser(partnerId, 'alice@app.test');
    await addUser(partnerId, 'bob@app.test');
    const other = await webhookSubscriber(db(), 'https://healthy.example.com/hooks');
    await addUser(other.partnerId, 'carol@other.test');

    // Not yet an hour.
    expect(await alertLongFailingEndpoints(db(), new Date(Date.now() + 30 * 60_000))).not.toContain(endpoint.id);

    const later = new Date(Date.now() + HOUR + 60_000);
    expect(await alertLongFailingEndpoints(db(), later)).toContain(endpoint.id);
    // Another pass the same day (another instance, or the next run) sends nothing more.
    expect(await alertLongFailingEndpoints(db(), later)).not.toContain(endpoint.id);
    expect(await alertLongFailingEndpoints(db(), new Date(later.getTime() + 60_000))).not.toContain(endpoint.id);

    await sendAll();
    const mails = sink.received.filter((mail) => mail.subject.includes(endpoint.url));
    expect(
      mails
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual(['alice@app.test', 'bob@app.test']);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Webhook endpoint failing: ${endpoint.url}`);
    expect(mail!.decoded).toContain('HTTP 503');
    expect(mail!.decoded).toContain(`https://hub.example.com${endpointPagePath(endpoint.id)}`);
    expect(sink.received.some((received) => received.to.includes('carol@other.test'))).toBe(false);

    // The next day it may go out again, once.
    const nextDay = new Date(later.getTime() + 24 * HOUR);
    expect(await alertLongFailingEndpoints(db(), nextDay)).toContain(endpoint.id);
    expect(await alertLongFailingEndpoints(db(), nextDay)).not.toContain(endpoint.id);
  });

  it('mails the developers when the endpoint is disabled, by the long-failure rule or by a person, at most once a day', async () => {
    resetConfig({
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '0,0',
      WEBHOOK_TIMEOUT_MS: '2000',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      PUBLIC_URL: 'https://hub.example.com',
      WEBHOOK_DISABLE_AFTER_DAYS: '0.01',
    });
    const { partnerId, endpoint } = await failingEndpoint();
    await addUser(partnerId, 'dana@app.test');
    expect(await disableLongFailingEndpoints(db(), new Date(Date.now() + HOUR))).toContain(endpoint.id);
    // Enabled and disabled again by a person the same day: no second mail.
    await setEndpointDisabled(db(), SYSTEM_ACTOR, endpoint.id, false);
    await setEndpointDisabled(db(), SYSTEM_ACTOR, endpoint.id, true, 'by hand');
    await sendAll();
    const mails = sink.received.filter((mail) => mail.to.includes('dana@app.test'));
    expect(mails.map((mail) => mail.subject)).toEqual([`Webhook endpoint disabled: ${endpoint.url}`]);
    expect(mails[0]!.decoded).toContain('HTTP 503');
    const queued = await db().select({ purpose: mailOutbox.purpose }).from(mailOutbox).where(eq(mailOutbox.recipient, 'dana@app.test'));
    expect(queued).toEqual([{ purpose: 'endpoint-disabled' }]);
    const [alert] = await db().select().from(endpointAlerts).where(eq(endpointAlerts.endpointId, endpoint.id));
    expect(alert!.dedupeKey).toBe(alertDedupeKey('DISABLED', endpoint.id, alert!.createdAt));
  });
});
