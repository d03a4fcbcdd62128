import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { DEMO_ADMIN } from '../support';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** A real webhook receiver on loopback that answers 200, or 500 while `failing`. */
function receiver() {
  const received: Received[] = [];
  const state = { failing: false };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answered = state.failing ? 500 : 200;
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      response.writeHead(answered, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: !state.failing }));
    });
  });
  return { server, received, state };
}

const verify = (secret: string, delivery: Received) =>
  new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  }) as { id: string; type: string };

async function signIn(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Opens a partner's own page from the partners list, found by its name. */
async function openPartner(page: Page, name: string) {
  await page.goto(`/dashboard/admin/partners?name=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

/** Opens the dialog behind `trigger`, runs `step` in it, and closes it again. */
async function inDialog<T>(page: Page, trigger: string, step: (dialog: ReturnType<Page['getByRole']>) => Promise<T>): Promise<T> {
  await page.getByRole('button', { name: trigger, exact: true }).click();
  const dialog = page.getByRole('dialog');
  const result = await step(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return result;
}

/** Connects the open partner page's partner to a location, chosen by id. */
async function connect(page: Page, locationId: string) {
  await inDialog(page, 'Connect a location', async (dialog) => {
    // A combobox the server fills as one types: the location's own id is among its suggestions.
    const field = dialog.getByLabel('Location', { exact: true });
    await field.fill(locationId);
    await expect(dialog.locator(`datalist option[value="${locationId}"]`)).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(dialog.getByText(`Connected to ${locationId}.`)).toBeVisible();
  });
}

test.describe('operator console', () => {
  test('sets up a tenant and a partner, delivers a signed test event, bulk-replays failed deliveries and audits every step', async ({ page, request }) => {
    test.setTimeout(180_000);
    const sink = receiver();
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(sink.server.address() as AddressInfo).port}/hooks`;
    const stamp = Date.now().toString(36);
    const merchantName = `Console Merchant ${stamp}`;
    const locationId = `console-${stamp}`;
    const appName = `Console App ${stamp}`;
    const posName = `Console POS ${stamp}`;

    try {
      // Merchant, location and an invited user.
      await signIn(page, '/dashboard/admin/tenants');
      await inDialog(page, 'New merchant', async (dialog) => {
        await dialog.getByLabel('Merchant name').fill(merchantName);
        await dialog.getByRole('button', { name: 'Create merchant' }).click();
        await expect(dialog.getByText(`Merchant ${merchantName} created.`)).toBeVisible();
      });
      // The merchants list is paged by name: filtered to this one, it opens the merchant's own page.
      await page.goto(`/dashboard/admin/tenants?name=${encodeURIComponent(merchantName)}`);
      await page.getByRole('link', { name: merchantName, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(merchantName);
      await inDialog(page, 'New location', async (dialog) => {
        await dialog.getByLabel('Location name').fill('Harbour');
        await dialog.getByLabel('Location id (optional)').fill(locationId);
        await dialog.getByLabel('Time zone').fill('Pacific/Auckland');
        await dialog.getByRole('button', { name: 'Create location' }).click();
        await expect(dialog.getByText(`Location ${locationId} created.`)).toBeVisible();
      });
      await inDialog(page, 'Invite', async (dialog) => {
        await dialog.getByLabel('Email').fill(`manager-${stamp}@console.test`);
        await dialog.getByLabel('Role').selectOption('MANAGER');
        await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
        await expect(dialog.getByText(`manager-${stamp}@console.test is invited; the link is in their mail.`)).toBeVisible();
      });
      await expect(page.getByTestId('locations')).toContainText(locationId);
      // A member joins from the mailed link (docs/domain.md#merchant-teams): with no SMTP_URL here the invitation waits
      // in the console's outbox.
      await page.goto('/dashboard/admin/mail');
      await expect(page.getByRole('listitem').filter({ hasText: `manager-${stamp}@console.test` })).toContainText(`Join ${merchantName} on Counterpart`);

      // The demo apps deliver to the built-in sink, which verifies the signature it receives.
      await openPartner(page, 'Demo Ordering App');
      await page.getByRole('button', { name: 'Send test event' }).first().click();
      await expect(page.getByTestId('receiver-answer').first()).toContainText('"verified":true');

      // Two partners, created from the list's dialog: an ordering app with a client secret, and a POS with a webhook endpoint.
      await page.goto('/dashboard/admin/partners');
      for (const [name, type] of [
        [appName, 'ORDERING_APP'],
        [posName, 'POS'],
      ]) {
        await page.getByRole('button', { name: 'New partner' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Partner name').fill(name!);
        await dialog.getByLabel('Type', { exact: true }).selectOption(type!);
        await dialog.getByRole('button', { name: 'Create partner' }).click();
        await expect(dialog.getByText(`Partner ${name} created.`)).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      // On the app's own page: a client (its secret shown once in the dialog) and a connection.
      await openPartner(page, appName);
      const created = await inDialog(page, 'New client', async (dialog) => {
        await dialog.getByRole('button', { name: 'Create client' }).click();
        await expect(dialog.getByTestId('shown-once')).toHaveText(/^cs_/);
        return {
          secret: (await dialog.getByTestId('shown-once').textContent())!,
          id: (await dialog
            .getByRole('status')
            .filter({ hasText: /Client \S+ created/ })
            .textContent())!.match(/Client (\S+) created/)![1]!,
        };
      });
      const clientSecret = created.secret;
      const clientId = created.id;
      await connect(page, locationId);
      await expect(page.getByText(clientId)).toBeVisible();

      // On the POS's page: the same location, and a webhook endpoint (its signing secret shown once).
      await openPartner(page, posName);
      await connect(page, locationId);
      const endpoint = await inDialog(page, 'Add endpoint', async (dialog) => {
        await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
        await dialog.getByRole('button', { name: 'Add endpoint' }).click();
        await expect(dialog.getByTestId('shown-once')).toHaveText(/^whsec_/);
        return {
          secret: (await dialog.getByTestId('shown-once').textContent())!,
          id: (await dialog.getByText(/Endpoint whe_\S+ created/).textContent())!.match(/Endpoint (\S+) created/)![1]!,
        };
      });
      const webhookSecret = endpoint.secret;
      const endpointId = endpoint.id;
      await expect(page.getByTestId('webhook-endpoint')).toContainText(endpointId);

      // A second client of the app is rotated with a grace period (the new secret shown once), then revoked after a question.
      await openPartner(page, appName);
      const spareClientId = await inDialog(page, 'New client', async (dialog) => {
        await dialog.getByRole('button', { name: 'Create client' }).click();
        const message = dialog.getByRole('status').filter({ hasText: /Client \S+ created/ });
        await expect(message).toBeVisible();
        return (await message.textContent())!.match(/Client (\S+) created/)![1]!;
      });
      expect(spareClientId).not.toBe(clientId);
      const spare = page.getByRole('listitem').filter({ hasText: spareClientId });
      await spare.getByLabel('Old secret keeps working for').selectOption('24');
      await spare.getByRole('button', { name: 'Rotate secret' }).click();
      await expect(spare.getByTestId('shown-once')).toHaveText(/^cs_/);
      await expect(page.getByRole('listitem').filter({ hasText: spareClientId })).toContainText('old secret valid until');
      await page.getByRole('button', { name: `Revoke client ${spareClientId}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke client' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: spareClientId })).toContainText('revoked');

      // A secret is shown once: not after a reload.
      await page.reload();
      await expect(page.getByText(clientId)).toBeVisible();
      expect(await page.content()).not.toContain(clientSecret);
      expect(await page.content()).not.toContain(webhookSecret);

      // The test event reaches the receiver, verifies with standardwebhooks, and the console shows the answer.
      await openPartner(page, posName);
      await page.getByRole('button', { name: 'Send test event' }).click();
      await expect(page.getByText(/Receiver answered 200 in \d+ ms\./)).toBeVisible();
      await expect(page.getByTestId('receiver-answer')).toContainText('"ok":true');
      expect(verify(webhookSecret, sink.received.at(-1)!).type).toBe('WEBHOOK_TEST');

      // The receiver fails; two orders' deliveries fail for good (WEBHOOK_RETRY_SCHEDULE=1,1,1 in the e2e server).
      sink.state.failing = true;
      const tokenResponse = await request.post('/oauth/token', {
        form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
      });
      expect(tokenResponse.status()).toBe(200);
      const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
      const orderIds: string[] = [];
      for (let i = 0; i < 2; i++) {
        const created = await request.post('/connect/orders', {
          headers: { authorization: `Bearer ${token}` },
          data: {
            locationId,
            origin: { orderId: `console-${stamp}-${i}`, orderReference: `C${i}` },
            fulfilment: { type: 'PICK_UP' },
            customers: [{ firstName: 'Ada' }],
            items: [{ id: 'i1', sku: 'FW', description: 'Flat white', quantity: 1, unitPrice: { amount: 480 } }],
            total: { amount: 480 },
          },
        });
        expect(created.status()).toBe(201);
        orderIds.push(((await created.json()) as { id: string }).id);
      }
      const failedList = `/dashboard/admin/deliveries?endpointId=${endpointId}&status=FAILED`;
      await expect
        .poll(
          async () => {
            await page.goto(failedList);
            return page.getByTestId('delivery').count();
          },
          { timeout: 30_000, intervals: [1000] },
        )
        .toBe(2);

      // The receiver recovers; the failed deliveries are counted, then replayed, and arrive signed.
      sink.state.failing = false;
      const before = sink.received.length;
      await page.locator('#bulk-endpoint').selectOption(endpointId);
      await page.locator('#bulk-since').fill(new Date(Date.now() - 10 * 60_000).toISOString().slice(0, 19));
      await page.getByRole('button', { name: 'Count failed deliveries' }).click();
      await expect(page.getByText(/^2 failed deliveries since/)).toBeVisible();
      await page.getByRole('button', { name: 'Replay 2 deliveries' }).click();
      await expect(page.getByText('2 deliveries queued again.')).toBeVisible();
      await expect.poll(() => sink.received.slice(before).filter((delivery) => delivery.answered === 200).length, { timeout: 20_000 }).toBe(2);
      const replayed = sink.received.slice(before).map((delivery) => verify(webhookSecret, delivery));
      expect(replayed.map((event) => event.type)).toEqual(['ORDER_CREATED', 'ORDER_CREATED']);
      await expect
        .poll(
          async () => {
            await page.goto(`/dashboard/admin/deliveries?endpointId=${endpointId}&status=SUCCEEDED`);
            return page.getByTestId('delivery').count();
          },
          { timeout: 20_000, intervals: [1000] },
        )
        .toBe(2);

      // Every step is in the audit log, by the admin who took it.
      await page.goto('/dashboard/admin/audit?actor=admin%40counterpart.test');
      const audit = page.getByTestId('audit-log');
      for (const action of [
        'merchant.create',
        'location.create',
        'team.invite',
        'partner.create',
        'client.create',
        'client.rotate-secret',
        'client.revoke',
        'connection.create',
        'webhook-endpoint.create',
        'webhook-endpoint.test',
        'webhook-endpoint.replay-failed',
      ]) {
        await expect(audit.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
      }
      await expect(audit).toContainText(locationId);
      await expect(audit).toContainText(endpointId);
      expect(await page.content()).not.toContain(clientSecret);

      // The API request log has the app's token request and its orders, with route templates.
      await page.goto(`/dashboard/admin/requests?route=%2Fconnect%2Forders`);
      await expect(page.getByTestId('request-log')).toContainText('/connect/orders');
    } finally {
      sink.server.close();
    }
  });
});
