import type { Page } from '@playwright/test';
import { DEMO_LOCATIONS, DEMO_MERCHANT, DEMO_REVIEWER, manage, expect, test } from '../support';

async function signIn(page: Page, user: { email: string; password: string }, path: string) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

// docs/domain.md#loyalty: a location generates loyalty activity only after the loyalty partner approved its activation.
test('a merchant activates loyalty, the partner approves it, and a payment then produces an activity', async ({ browser, request }) => {
  const locationId = DEMO_LOCATIONS[1];
  const merchant = await browser.newPage();
  await signIn(merchant, DEMO_MERCHANT, '/dashboard/loyalty');
  const location = merchant.getByRole('region', { name: 'Demo Bistro Bondi' });
  await expect(location.getByText('Not activated')).toBeVisible();
  await location.getByLabel('Loyalty partner').selectOption({ label: 'Demo Loyalty' });
  // A server-side refusal keeps everything typed, with the message beside its field, gone once the field changes.
  await location.getByLabel('ABN').fill('12 345');
  await location.getByLabel('Business address').fill('1 Campbell Parade, Bondi Beach');
  await location.getByLabel('Postcode').fill('2026');
  await location.getByLabel('Phone number (optional)').fill('02 9000 0000');
  await location.getByRole('button', { name: 'Activate loyalty' }).click();
  const abn = location.getByLabel('ABN');
  await expect(abn).toHaveAttribute('aria-invalid', 'true');
  await expect(location.getByText('An ABN has 11 digits')).toBeVisible();
  await expect(abn).toHaveValue('12 345');
  await expect(location.getByLabel('Business address')).toHaveValue('1 Campbell Parade, Bondi Beach');
  await expect(location.getByLabel('Postcode')).toHaveValue('2026');
  await expect(location.getByLabel('Phone number (optional)')).toHaveValue('02 9000 0000');
  await abn.fill('12 345 678 901');
  await expect(abn).not.toHaveAttribute('aria-invalid', 'true');
  await location.getByRole('button', { name: 'Activate loyalty' }).click();
  await expect(location.getByText('Waiting for approval')).toBeVisible();

  const reviewer = await browser.newPage();
  await signIn(reviewer, DEMO_REVIEWER, '/dashboard/onboarding');
  const pending = reviewer.getByRole('region', { name: 'Demo Bistro Bondi onboarding request' });
  await expect(pending.getByText('12 345 678 901')).toBeVisible();
  await pending.getByLabel('Loyalty program').selectOption('demo-rewards');
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(pending).toHaveCount(0);
  await expect(reviewer.getByRole('row', { name: /Demo Bistro Bondi.*Approved/ })).toBeVisible();

  // The merchant's open page changes without a reload: the decision arrives on the dashboard stream.
  await expect(merchant.getByRole('region', { name: 'Demo Bistro Bondi' }).getByText('Active', { exact: true })).toBeVisible();

  // The payment side through the API, as Demo Loyalty (its seeded client secret was printed once, so it gets a new
  // client): a zero-amount authorisation links a card, the partner registers it, and the card's next purchase produces
  // an activity.
  const partnerId = (await reviewer.getByTestId('partner-id').textContent())!.trim();
  const client = await manage<{ client_id: string; client_secret: string }>(request, `/partners/${partnerId}/clients`);
  const tokenResponse = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret },
  });
  expect(tokenResponse.ok()).toBe(true);
  const loyalty = ((await tokenResponse.json()) as { access_token: string }).access_token;
  const pay = (token: string, body: Record<string, unknown>) =>
    request.post('/connect/payments/test', {
      headers: { authorization: `Bearer ${token}` },
      data: { locationId, paymentType: 'PURCHASE', paymentSource: 'EFTPOS', ...body },
    });

  const authorisation = await pay(loyalty, { memberId: null, goodsAndServicesAmount: 0 });
  expect(authorisation.status()).toBe(200);
  const { paymentId } = await authorisation.json();
  const registration = await request.post('/connect/loyalty/members', {
    headers: { authorization: `Bearer ${loyalty}` },
    data: { origin: { memberId: 'e2e-member' }, locationId, paymentId },
  });
  expect(registration.status()).toBe(202);

  const purchase = await pay(loyalty, { memberId: 'e2e-member', goodsAndServicesAmount: 1850 });
  expect(purchase.status()).toBe(200);
  const { loyaltyActivityId } = await purchase.json();
  expect(loyaltyActivityId).toEqual(expect.any(String));
  const activity = await request.get(`/connect/loyalty/activities/${loyaltyActivityId}`, { headers: { authorization: `Bearer ${loyalty}` } });
  expect(activity.status()).toBe(200);
  expect(await activity.json()).toMatchObject({
    locationId,
    memberId: 'e2e-member',
    payment: { type: 'PURCHASE', breakdown: { goodsAndServices: { amount: 1850, currency: 'AUD' } } },
  });
});
