import { expect, test, type Page } from '@playwright/test';
import { collectAlerts } from '../support/dialogs';

const DEVICE = '11111111-1111-4111-8111-111111111111';

async function fillStudent(page: Page) {
  await page.getByLabel('Student first name').fill('Jordan');
  await page.getByLabel('Student last name').fill('Rivera');
}

test.describe('order page', () => {
  test('a $50 donation reaches checkout', async ({ page }) => {
    await page.goto('/Order/1/0/0');
    await fillStudent(page);
    await page.getByRole('radio', { name: /Contributor Sponsor/ }).check();
    await expect(page.getByTestId('order-total')).toHaveText('$50.00');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+$/);
  });

  test('each validation message shows in the summary and at the field', async ({ page }) => {
    await page.goto('/Order/1/0/0');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    for (const message of [
      'Please enter a first name for the student.',
      'Please enter a last name for the student.',
      'Please select an item.',
    ]) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
    }
    await expect(page.getByLabel('Student first name')).toHaveAttribute('aria-invalid', 'true');

    await fillStudent(page);
    await page.getByPlaceholder('Enter amount (minimum $35)').fill('34.99');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(summary.getByRole('link', { name: 'Donation must be at least $35.00.' })).toBeVisible();
    await expect(page).toHaveURL(/\/Order\/1\/0\/0$/);
  });

  test('a bundle with an extra shirt, and the bundle minimum', async ({ page }) => {
    await page.goto('/Order/1/0/0');
    await fillStudent(page);
    const fanPack = page.getByRole('listitem').filter({ hasText: 'Fan Pack' });
    await fanPack.getByRole('button', { name: 'Select' }).click();
    const adultMedium = page.getByTestId('option-102');
    await expect(adultMedium).toContainText('2 in bundle');
    await page.getByRole('button', { name: 'Add one Adult Medium' }).click();
    await expect(adultMedium).toContainText('2 in bundle + 1 extra');
    await page.getByRole('button', { name: 'Add one Adult XL' }).click();
    await expect(page.getByTestId('option-104')).toContainText('1 additional');
    await expect(page.getByTestId('order-total')).toHaveText('$84.00');

    // Back to the bundle quantity, then one more step down is refused with the spec's alert.
    await page.getByRole('button', { name: 'Remove one Adult Medium' }).click();
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: 'Remove one Adult Medium' }).click();
    await expect
      .poll(() => alerts)
      .toEqual([
        "This is the minimum quantity required for your selected bundle. You can add more items or choose 'Custom Purchase' to customize individual quantities.",
      ]);
    await expect(adultMedium).toContainText('2 in bundle');

    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+$/);
  });

  test('Show Selection opens the item image, a click closes it', async ({ page }) => {
    await page.goto('/Order/1/0/0');
    await page.getByRole('button', { name: 'Show Selection' }).first().click();
    const image = page.getByRole('dialog').getByRole('img');
    await expect(image).toBeVisible();
    await expect(image).toHaveCSS('object-fit', 'contain');
    await image.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('cash/check mode drops the ticket item and goes to the cash/check checkout', async ({ page }) => {
    await page.goto(`/Order/${DEVICE}/1`);
    await expect(page.getByLabel('Student first name')).toHaveValue('Jordan');
    await expect(page.getByRole('heading', { name: 'Digital Discount Card' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Team T-Shirt' })).toBeVisible();
    await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(/\/checkoutcashcheck\/\d+\/1$/);
  });

  test('the ticket option has a Preview opening the ticket preview in a new tab', async ({ page }) => {
    await page.goto('/Order/1/0/0');
    const preview = page.getByTestId('option-431').getByRole('link', { name: 'Preview' });
    await expect(preview).toHaveAttribute('href', '/TicketPreview/1');
    await expect(preview).toHaveAttribute('target', '_blank');
  });

  test('an unpaid order can be edited from its Edit link', async ({ page }) => {
    await page.goto('/Order/1/0/0');
    await fillStudent(page);
    await page.getByRole('button', { name: 'Add one Sugar Cookie' }).click();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+$/);
    const orderId = page.url().split('/').pop();

    await page.goto(`/Order/Edit/${orderId}`);
    await expect(page.getByLabel('Student first name')).toHaveValue('Jordan');
    await expect(page.getByRole('status', { name: 'Sugar Cookie quantity' })).toHaveText('1');
    await page.getByRole('button', { name: 'Add one Sugar Cookie' }).click();
    await expect(page.getByTestId('order-total')).toHaveText('$36.00');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${orderId}$`));
  });

  test("a student's contact and social links open the order page for that student", async ({ page }) => {
    for (const path of [
      '/Order/Contact/66666666-6666-4666-8666-666666666666',
      '/Order/Social/77777777-7777-4777-8777-777777777777',
      `/Order/${DEVICE}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Varsity Football' })).toBeVisible();
      await expect(page.getByLabel('Student first name')).toHaveValue('Jordan');
      await expect(page.getByLabel('Student last name')).toHaveValue('Rivera');
    }
  });
});
