import { expect, test } from '@playwright/test';
import { DEMO_MERCHANT } from '../support';

/** Forms keep what was typed after a server-side refusal, with the message beside the field, in words. */
test('sign-in keeps the email after a wrong password', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO_MERCHANT.email);
});

test('table and section forms keep their values after the server refuses them, and Escape cancels an edit', async ({ page }) => {
  await page.goto(`/login?callbackUrl=${encodeURIComponent('/dashboard/tables?location=demo-bistro-bondi')}`);
  await page.getByLabel('Email').fill(DEMO_MERCHANT.email);
  await page.getByLabel('Password').fill(DEMO_MERCHANT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Tables', level: 1 })).toBeVisible();

  // A number already used: the server's conflict, beside the number, with both fields kept.
  await page.getByLabel('Table number').fill('1');
  await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Terrace' });
  await page.getByRole('button', { name: 'Add table' }).click();
  const number = page.getByLabel('Table number');
  await expect(page.getByText('Table number 1 is already used at this location.')).toBeVisible();
  await expect(number).toHaveValue('1');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Section', { exact: true })).toHaveValue(/.+/);
  expect(await page.getByLabel('Section', { exact: true }).locator('option:checked').textContent()).toBe('Terrace');
  // Changing the field clears its stale message.
  await number.fill('12');
  await expect(page.getByText('Table number 1 is already used at this location.')).toHaveCount(0);

  // An empty section name is refused in words.
  await page.getByRole('button', { name: 'Add section' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();

  // Renaming a section to a name taken: refused by the server, the typed name kept.
  const rename = page.getByLabel('Rename section Terrace');
  await rename.fill('Dining room');
  await rename.locator('xpath=ancestor::form[1]').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('A section named Dining room already exists at this location.')).toBeVisible();
  await expect(page.getByLabel('Rename section Terrace')).toHaveValue('Dining room');
  // Escape cancels the edit: the saved name is back.
  await page.getByLabel('Rename section Terrace').press('Escape');
  await expect(page.getByLabel('Rename section Terrace')).toHaveValue('Terrace');
});
