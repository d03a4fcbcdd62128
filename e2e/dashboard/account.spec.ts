import { expect, test } from '@playwright/test';
import { DEMO_MERCHANT } from '../support';

/** A merchant user turns one email alert off on /dashboard/account; it stays off after a reload, then back on. */
test('email alerts are turned off and on again from the account page', async ({ page }) => {
  await page.goto('/login?callbackUrl=/dashboard/account');
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  const autoRejected = page.getByRole('checkbox', { name: 'Orders rejected automatically' });
  await expect(autoRejected).toBeChecked();
  await autoRejected.uncheck();
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await expect(page.getByText('Email alerts saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Orders rejected automatically' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'POS offline while orders wait' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Orders rejected automatically' }).check();
  await page.getByRole('button', { name: 'Save alerts' }).click();
  await expect(page.getByText('Email alerts saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Orders rejected automatically' })).toBeChecked();
});
