import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { autoRejectAlerts, mailOutbox } from '@/db/schema';
import { publishScheduledChanges } from '@/lib/availability/scheduler';
import { resetConfig } from '@/lib/config';
import { closeSmtpTransports } from '@/lib/mail/transport';
import { autoRejectOverdueOrders } from '@/lib/orders/auto-reject';
import { deliverQueuedMail, makeOverdue, posLeft, teamMember, waitingOrder } from '@/lib/testing/alert-fixtures';
import { useTestDatabase } from '@/lib/testing/database';
import { createConnectedPartner, createMerchantWithLocations } from '@/lib/testing/fixtures';
import { linkIn, startSmtpSink, type SmtpSink } from '@/lib/testing/smtp-sink';
import { alertPosOfflineWithWaitingOrders, sendAutoRejectSummaries } from './merchant-alerts';
import { alertPreferences, setAlertPreferences } from './preferences';
import { alertRecipients } from './recipients';

const database = useTestDatabase();
let sink: SmtpSink;
let seq = 0;

beforeAll(async () => {
  sink = await startSmtpSink();
  resetConfig({ SMTP_URL: sink.url, PUBLIC_URL: 'https://counterpart.example', POS_OFFLINE_PAUSE_DEFAULT: 'false', ALERT_POS_OFFLINE_MINUTES: '10' });
});
afterAll(async () => {
  closeSmtpTransports();
  await sink.close();
  resetConfig();
});
beforeEach(() => {
  sink.received.length = 0;
});

/** A merchant with one location, two team members, a POS and an ordering app connected to it. */
async function venue() {
  const db = database.db();
  const tag = `${process.pid}-${++seq}`;
  const { merchant, locationIds } = await createMerchantWithLocations(db, 1);
  const locationId = locationIds[0]!;
  const owner = await teamMember(db, merchant.id, `owner-${tag}@bistro.test`, 'Olive');
  const manager = await teamMember(db, merchant.id, `manager-${tag}@bistro.test`);
  const pos = await createConnectedPartner(db, 'POS', [locationId]);
  const app = await createConnectedPartner(db, 'ORDERING_APP', [locationId]);
  return { merchant, locationId, owner, manager, pos, app };
}

const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email));

describe('POS offline while orders wait', () => {
  it('mails each team member once per offline episode, only past ALERT_POS_OFFLINE_MINUTES and only while orders wait', async () => {
    const db = database.db();
    const { locationId, owner, manager, app } = await venue();
    await posLeft(db, locationId, 11);
    // Offline, but nothing waits: no alert.
    await alertPosOfflineWithWaitingOrders(db);
    expect(await deliverQueuedMail(database.handle())).toBe(0);

    await waitingOrder(db, app, locationId);
    await waitingOrder(db, app, locationId);
    await posLeft(db, locationId, 9);
    await alertPosOfflineWithWaitingOrders(db);
    expect(await deliverQueuedMail(database.handle())).toBe(0);

    await posLeft(db, locationId, 11);
    await alertPosOfflineWithWaitingOrders(db);
    await alertPosOfflineWithWaitingOrders(db);
    await deliverQueuedMail(database.handle());
    expect(sink.received).toHaveLength(2);
    const [toOwner] = mailsTo(owner.email);
    expect(toOwner!.subject).toContain('POS has been offline for 10 minutes');
    expect(toOwner!.decoded).toContain('Hello Olive,');
    expect(toOwner!.decoded).toContain('2 orders are waiting');
    expect(linkIn(toOwner!, '/dashboard/orders')).toBe('https://counterpart.example/dashboard/orders');
    expect(linkIn(toOwner!, '/dashboard/account')).toBe('https://counterpart.example/dashboard/account');
    expect(mailsTo(manager.email)).toHaveLength(1);

    // The POS came back and left again: a new episode, a new alert.
    await posLeft(db, locationId, 12);
    await alertPosOfflineWithWaitingOrders(db);
    await deliverQueuedMail(database.handle());
    expect(sink.received).toHaveLength(4);
  });
});

describe('paused by the POS-offline rule', () => {
  it('mails the team with the pause, once, however often the scheduler looks', async () => {
    const db = database.db();
    resetConfig({ SMTP_URL: sink.url, PUBLIC_URL: 'https://counterpart.example', POS_OFFLINE_PAUSE_DEFAULT: 'true' });
    try {
      const { locationId, owner, manager } = await venue();
      await posLeft(db, locationId, 3);
      await publishScheduledChanges(db, 500);
      await publishScheduledChanges(db, 500);
      await deliverQueuedMail(database.handle());
      // (The earlier test's location, its POS offline too, is paused and alerted alike.)
      const mails = sink.received.filter((mail) => mail.subject.includes('ordering paused') && [owner.email, manager.email].includes(mail.to[0]!));
      expect(mails.map((mail) => mail.to[0]).sort()).toEqual([manager.email, owner.email].sort());
      expect(linkIn(mails[0]!, `/dashboard/locations/${locationId}/availability`)).toBeDefined();
    } finally {
      resetConfig({ SMTP_URL: sink.url, PUBLIC_URL: 'https://counterpart.example', POS_OFFLINE_PAUSE_DEFAULT: 'false' });
    }
  });
});

describe('orders auto-rejected', () => {
  it('mails at once, then at most once an hour per location, summarising what came in between', async () => {
    const db = database.db();
    const { locationId, owner, app } = await venue();
    await waitingOrder(db, app, locationId);
    await waitingOrder(db, app, locationId);
    await makeOverdue(db, locationId);
    expect(await autoRejectOverdueOrders(db, { locationIds: [locationId] })).toHaveLength(2);
    await deliverQueuedMail(database.handle());
    expect(mailsTo(owner.email).map((mail) => mail.subject)).toEqual([expect.stringContaining('2 orders rejected automatically')]);

    // Within the hour: counted, not mailed.
    for (let i = 0; i < 3; i++) {
      await waitingOrder(db, app, locationId);
      await makeOverdue(db, locationId);
      await autoRejectOverdueOrders(db, { locationIds: [locationId] });
    }
    expect(await sendAutoRejectSummaries(db)).toBe(0);
    await deliverQueuedMail(database.handle());
    expect(mailsTo(owner.email)).toHaveLength(1);

    // The hour is up: one summary of the three.
    await db
      .update(autoRejectAlerts)
      .set({ lastMailedAt: sql`now() - interval '61 minutes'` })
      .where(eq(autoRejectAlerts.locationId, locationId));
    expect(await sendAutoRejectSummaries(db)).toBe(1);
    expect(await sendAutoRejectSummaries(db)).toBe(0);
    await deliverQueuedMail(database.handle());
    const mails = mailsTo(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('3 orders rejected automatically');
    expect(mails[1]!.decoded).toContain('at most one of these mails per location an hour');
  });
});

describe('preferences', () => {
  it('leave out whoever turned an alert off, for that alert only', async () => {
    const db = database.db();
    const { merchant, locationId, owner, manager, app } = await venue();
    expect(await alertPreferences(db, owner.id)).toEqual([
      { kind: 'POS_OFFLINE', on: true },
      { kind: 'POS_OFFLINE_PAUSE', on: true },
      { kind: 'ORDERS_AUTO_REJECTED', on: true },
    ]);
    await setAlertPreferences(db, owner.id, new Set(['POS_OFFLINE', 'POS_OFFLINE_PAUSE']));
    expect((await alertRecipients(db, merchant.id, locationId, 'ORDERS_AUTO_REJECTED')).map((user) => user.email)).toEqual([manager.email]);
    expect((await alertRecipients(db, merchant.id, locationId, 'POS_OFFLINE')).map((user) => user.email).sort()).toEqual([manager.email, owner.email].sort());

    await waitingOrder(db, app, locationId);
    await makeOverdue(db, locationId);
    await autoRejectOverdueOrders(db, { locationIds: [locationId] });
    await deliverQueuedMail(database.handle());
    expect(sink.received.map((mail) => mail.to[0])).toEqual([manager.email]);

    await setAlertPreferences(db, owner.id, new Set(['POS_OFFLINE', 'POS_OFFLINE_PAUSE', 'ORDERS_AUTO_REJECTED']));
    expect((await alertPreferences(db, owner.id)).every((preference) => preference.on)).toBe(true);
  });

  it('reach only the merchant of the location, when two merchants share one POS vendor', async () => {
    const db = database.db();
    const a = await venue();
    const b = await createMerchantWithLocations(db, 1);
    const stranger = await teamMember(db, b.merchant.id, `stranger-${process.pid}-${++seq}@other.test`);
    // The same POS partner (vendor) at both merchants' locations.
    await db.execute(sql`insert into connections (id, partner_id, location_id) values (${`conn-${seq}`}, ${a.pos.partnerId}, ${b.locationIds[0]!})`);
    expect((await alertRecipients(db, a.merchant.id, a.locationId, 'POS_OFFLINE')).map((user) => user.email)).not.toContain(stranger.email);
    await waitingOrder(db, a.app, a.locationId);
    await posLeft(db, a.locationId, 30);
    await posLeft(db, b.locationIds[0]!, 30);
    await alertPosOfflineWithWaitingOrders(db);
    await deliverQueuedMail(database.handle());
    expect(sink.received.map((mail) => mail.to[0]).sort()).toEqual([a.manager.email, a.owner.email].sort());
    // B's location has no waiting order: nothing queued for B's team.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, stranger.email))).toEqual([]);
  });
});
