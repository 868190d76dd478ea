import { expect, test } from '@playwright/test';
import { ADMIN_TOKEN, adminBaseUrl } from '../support/stack';

const TICKET_ID = 1;

test.describe('admin', () => {
  for (const [route, target] of [
    ['/Admin', '/'],
    ['/Admin/Vendors', '/Vendors/'],
    ['/Admin/Vendor/3', '/Vendors/Details/3'],
    ['/Admin/VendorOffers', '/VendorOffers/'],
    ['/Admin/VendorOffer/2/3', '/VendorOffers/Details/2'],
    ['/Admin/Ticket/1', '/Fundraisers/Details/1'],
    ['/Admin/Tickets', '/Fundraisers/'],
  ] as const) {
    test(`${route} redirects to the admin app's ${target}`, async ({ page }) => {
      await page.goto(route);
      await page.waitForURL(`${adminBaseUrl}${target}`);
    });
  }

  test('the admin API refuses a request without the token', async ({ request }) => {
    const response = await request.get('/api/Admin/GetVendors');
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  test('the team form: token, spec messages, png upload and save', async ({ page }) => {
    await page.goto(`/Team/${TICKET_ID}`);
    await page.getByLabel('Admin token').fill('wrong');
    await page.getByRole('button', { name: 'Open team' }).click();
    await expect(page.getByRole('alert')).toHaveText('Unauthorized');
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Open team' }).click();

    await page.getByLabel('Photo url').fill('logo');
    for (const n of [1, 2, 3]) await page.getByLabel(`Link ${n}`).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    for (const message of [
      'Valid url is required.',
      'Valid link1 is required.',
      'Valid link2 is required.',
      'Valid link3 is required.',
    ]) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
    }

    await page
      .getByLabel('Photo file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    for (const n of [1, 2, 3]) await page.getByLabel(`Link ${n}`).fill(`https://example.test/link${n}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(summary.getByRole('link', { name: 'Valid png or jpeg required.' })).toBeVisible();

    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByLabel('Photo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Team saved.')).toBeVisible();
    const photoUrl = await page.getByLabel('Photo url').inputValue();
    expect(photoUrl).toMatch(/\/uploads\/[0-9a-f-]{36}\.png$/);
    const stored = await page.request.get(photoUrl);
    expect(Buffer.from(await stored.body()).equals(png)).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Open team' }).click();
    await expect(page.getByLabel('Link 2')).toHaveValue('https://example.test/link2');
  });
});
