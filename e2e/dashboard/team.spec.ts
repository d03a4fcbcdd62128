import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { linkIn, startSmtpSink, type SmtpSink } from '../../lib/testing/smtp-sink';
import { freePort, startServer, type ServerProcess } from '../../lib/testing/server-process';
import { E2E_ADMIN_API_KEY } from '../../playwright.config';
import { appWithToken, expect, manage, test } from '../support';

/**
 * Merchant teams from the first invitation on, with the mail read from a real SMTP server: this spec runs its own
 * server (its own data directory) whose SMTP_URL points at an `smtp-server` in this process.
 */
let sink: SmtpSink;
let server: ServerProcess;
let origin: string;
let api: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await startServer(port, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'counterpart-team-')),
    DATABASE_URL: '',
    PUBLIC_URL: origin,
    SEED_DEMO: 'true',
    ADMIN_API_KEY: E2E_ADMIN_API_KEY,
    POS_OFFLINE_PAUSE_DEFAULT: 'false',
    SMTP_URL: sink.url,
    MAIL_FROM: 'Counterpart <team@counterpart.test>',
    LOG_LEVEL: 'warn',
  });
  api = await playwrightRequest.newContext({ baseURL: origin });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await sink?.close();
});

const PASSWORD = 'olive grove morning shift';

/** The invitation link in the newest mail to `email` that the SMTP server took. */
async function invitationLinkFromMail(email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const mail = sink.received.filter((each) => each.to.includes(email)).at(-1);
    expect(mail, `a mail to ${email}`).toBeDefined();
    expect(mail!.subject).toMatch(/^Join /);
    link = linkIn(mail!, '/accept-invitation?token=');
    expect(link, mail!.decoded).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  expect(new URL(link!).origin).toBe(origin);
  return link!;
}

/** Accepts an invitation in a fresh browser: the page names the merchant, a password is chosen, then the first sign-in. */
async function acceptAndSignIn(browser: Browser, link: string, email: string, merchantName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, timezoneId: 'Australia/Sydney' });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Join ${merchantName}`);
  await expect(page.getByText(email)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await page.getByLabel('Password').fill('password1234');
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page.getByText(/The password/)).toBeVisible();
  await page.getByLabel('Your name').fill('New Member');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page.getByRole('status')).toContainText('You joined the team');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  return page;
}

async function postOrder(request: APIRequestContext, token: string, locationId: string, reference: string): Promise<string> {
  const created = await request.post('/connect/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      locationId,
      origin: { orderId: `team-${reference}`, orderReference: reference },
      fulfilment: { type: 'PICK_UP' },
      customers: [{ firstName: 'Robin' }],
      items: [{ id: 'i1', sku: 'FW', description: 'Flat white', quantity: 1, unitPrice: { amount: 480 } }],
      total: { amount: 480 },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test.describe('merchant teams', () => {
  test('the operator invites a first owner, who invites staff for one location; each joins from the mailed link and signs in', async ({ browser }) => {
    const request = api;
    test.setTimeout(180_000);
    const stamp = Date.now();
    const merchantName = `Team Bistro ${stamp}`;
    const ownerEmail = `owner-${stamp}@team.test`;
    const staffEmail = `staff-${stamp}@team.test`;
    const merchant = await manage<{ id: string; invitation: { email: string; role: string } }>(request, '/merchants', { name: merchantName, ownerEmail });
    expect(merchant.invitation).toMatchObject({ email: ownerEmail, role: 'OWNER' });
    const a = await manage<{ locationId: string }>(request, `/merchants/${merchant.id}/locations`, { name: 'Harbour' });
    const b = await manage<{ locationId: string }>(request, `/merchants/${merchant.id}/locations`, { name: 'Hilltop' });

    const ownerLink = await invitationLinkFromMail(ownerEmail);
    const owner = await acceptAndSignIn(browser, ownerLink, ownerEmail, merchantName);
    const nav = owner.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Team' })).toBeVisible();

    // docs/contract.md#dashboard-names: owners invite at /dashboard/team with the Invite button.
    await owner.goto('/dashboard/team');
    await owner.getByLabel('Email').fill(staffEmail);
    await owner.getByLabel('Role').first().selectOption('STAFF');
    await owner.getByRole('group', { name: 'Locations' }).first().getByLabel('Harbour').check();
    await owner.getByRole('button', { name: 'Invite' }).click();
    await expect(owner.getByText(`Invitation sent to ${staffEmail}.`)).toBeVisible();
    await expect(owner.getByRole('listitem', { name: `Invitation to ${staffEmail}` })).toContainText('Staff, Harbour');

    const staffLink = await invitationLinkFromMail(staffEmail);
    const staff = await acceptAndSignIn(browser, staffLink, staffEmail, merchantName);
    const staffNav = staff.getByRole('navigation').first();
    await expect(staffNav.getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(staffNav.getByRole('link', { name: 'Tables' })).toHaveCount(0);
    await expect(staffNav.getByRole('link', { name: 'Team' })).toHaveCount(0);

    // The link worked once.
    const again = await browser.newPage({ baseURL: origin });
    await again.goto(staffLink);
    await expect(again.getByText('This invitation was accepted already.')).toBeVisible();
    await again.close();

    // The owner sees the new member, restricted to Harbour.
    await owner.reload();
    await expect(owner.getByRole('listitem', { name: staffEmail })).toBeVisible();
    await expect(owner.getByRole('listitem', { name: staffEmail }).getByLabel('Harbour')).toBeChecked();
    await expect(owner.getByRole('listitem', { name: staffEmail }).getByLabel('Hilltop')).not.toBeChecked();

    // Staff of Harbour: the board and its live stream show Harbour's orders and nothing of Hilltop.
    const app = await appWithToken(request, 'ORDERING_APP', [a.locationId, b.locationId]);
    const before = [await postOrder(request, app.token, a.locationId, `A-${stamp}`), await postOrder(request, app.token, b.locationId, `B-${stamp}`)];
    const streamOpened = staff.waitForResponse((response) => response.url().includes('/dashboard/stream'));
    await staff.goto('/dashboard/orders');
    await streamOpened;
    await expect(staff.locator(`[data-order-id="${before[0]}"]`)).toBeVisible();
    await expect(staff.locator(`[data-order-id="${before[1]}"]`)).toHaveCount(0);
    const liveB = await postOrder(request, app.token, b.locationId, `B2-${stamp}`);
    const liveA = await postOrder(request, app.token, a.locationId, `A2-${stamp}`);
    await expect(staff.locator(`[data-order-id="${liveA}"]`)).toBeVisible();
    await expect(staff.locator(`[data-order-id="${liveB}"]`)).toHaveCount(0);
    await expect(staff.getByText('Hilltop')).toHaveCount(0);

    // Staff cannot change tables: the page is not found.
    await staff.goto(`/dashboard/tables?location=${a.locationId}`);
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Page not found');

    // The owner removes the member: the member's session ends at once.
    await owner.getByRole('button', { name: `Remove ${staffEmail}` }).click();
    await owner
      .getByRole('alertdialog', { name: `Remove ${staffEmail}?` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(owner.getByRole('listitem', { name: staffEmail })).toHaveCount(0);
    await staff.goto('/dashboard/orders');
    await expect(staff).toHaveURL(/\/login/);
  });
});
