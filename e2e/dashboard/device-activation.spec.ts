import type { APIRequestContext } from '@playwright/test';
import { DEMO_LOCATIONS, DEMO_MERCHANT, manage, expect, test } from '../support';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  interval: number;
  expires_in: number;
}

interface PollResult {
  tokens: { access_token: string; refresh_token: string; token_type: string; expires_in: number };
  receivedAt: number;
  errors: string[];
}

/** What a POS does: poll the token endpoint every `interval` seconds, 5 s slower after each slow_down (RFC 8628 §3.5). */
async function pollForTokens(request: APIRequestContext, clientId: string, device: DeviceAuthorization): Promise<PollResult> {
  const errors: string[] = [];
  let interval = device.interval;
  const deadline = Date.now() + device.expires_in * 1000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, interval * 1000));
    const response = await request.post('/oauth/token', { form: { grant_type: DEVICE_GRANT, client_id: clientId, device_code: device.device_code } });
    const body = await response.json();
    if (response.ok()) return { tokens: body, receivedAt: Date.now(), errors };
    errors.push(body.error);
    if (body.error === 'slow_down') interval += 5;
    else if (body.error !== 'authorization_pending') throw new Error(`device flow failed: ${body.error}`);
  }
  throw new Error('device code expired while polling');
}

test('a merchant approves a POS on /activate while it polls, and the POS then calls the partner API', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const pos = await manage<{ id: string; name: string }>(request, '/partners', { name: `E2E Till ${Date.now()}`, type: 'POS' });
  const { client_id: clientId } = await manage<{ client_id: string }>(request, `/partners/${pos.id}/clients`);

  const started = await request.post('/oauth/device/code', { form: { client_id: clientId, scope: 'offline_access', audience: `${baseURL}/connect` } });
  expect(started.status()).toBe(200);
  const device = (await started.json()) as DeviceAuthorization;
  expect(device.verification_uri).toBe(`${baseURL}/activate`);
  expect(device.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  // Before anyone approved, the token endpoint says so.
  const early = await request.post('/oauth/token', { form: { grant_type: DEVICE_GRANT, client_id: clientId, device_code: device.device_code } });
  expect(early.status()).toBe(400);
  expect((await early.json()).error).toBe('authorization_pending');
  const polling = pollForTokens(request, clientId, device);

  // The merchant opens the link the POS shows, signs in, and comes back with the code prefilled.
  await page.goto(device.verification_uri_complete);
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/activate\?user_code=/);
  await expect(page.getByLabel('User code')).toHaveValue(device.user_code);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText(pos.name)).toBeVisible();
  await page.getByRole('group', { name: 'Location' }).getByLabel('Demo Bistro CBD').check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Device connected')).toBeVisible();
  const approvedAt = Date.now();

  const { tokens, receivedAt, errors } = await polling;
  expect(errors).not.toContain('slow_down');
  expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
  const approvalToToken = receivedAt - approvedAt;
  console.log(`approval → token: ${approvalToToken} ms at interval ${device.interval} s`);
  expect(approvalToToken).toBeLessThanOrEqual(device.interval * 1000);

  const connected = await request.get(`/connect/locations/${DEMO_LOCATIONS[0]}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(connected.status()).toBe(200);
  const notChosen = await request.get(`/connect/locations/${DEMO_LOCATIONS[1]}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(notChosen.status()).toBe(404);

  // The merchant sees the device and disconnects it: its token stops working at once.
  await page.goto('/dashboard/devices');
  const row = page.getByRole('row', { name: new RegExp(pos.name) });
  await expect(row).toContainText('Demo Bistro CBD');
  await row.getByRole('button', { name: `Disconnect ${pos.name}` }).click();
  await page
    .getByRole('alertdialog', { name: `Disconnect ${pos.name}?` })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(pos.name) })).toHaveCount(0);
  const revoked = await request.get(`/connect/locations/${DEMO_LOCATIONS[0]}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  expect(revoked.status()).toBe(401);
});

test('a wrong user code gets a clear message', async ({ page }) => {
  await page.goto('/activate');
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/activate$/);
  await page.getByLabel('User code').fill('CCCC-CCCC');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('That code is not valid or has expired')).toBeVisible();
});
