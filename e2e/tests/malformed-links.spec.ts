import { expect, test } from '@playwright/test';

/** What a developer's validation message reads like; a person must never see one. */
const SCHEMA_WORDING = /must (NOT )?(have|match|be)|required property|Invalid \w+:|additional propert|pattern/i;

const GUID = '11111111-1111-4111-8111-111111111111';
const UNKNOWN_GUID = '99999999-9999-4999-8999-999999999999';

/** Every page link of the spec (§2) with a parameter that can name nothing. */
const MALFORMED = [
  '/Purchase/abc',
  '/SelectSchool/TX/x/0',
  '/SelectTeam/abc/0/0',
  '/Order/0/0/0',
  '/Order/1/0/555-0101',
  '/Order/Edit/abc',
  '/Order/Contact/123',
  '/Order/Social/not-a-guid',
  '/Order/not-a-guid',
  '/Order/not-a-guid/new',
  '/Checkout/abc',
  '/CheckoutCashCheck/x/x',
  '/Receipt/1.5?key=abc',
  '/Fundraiser/not-a-guid',
  '/FundraiserOrders/abc',
  '/Fundraisers/abc',
  '/MyOffers/xyz',
  `/MyOffers/${GUID}/Redeem/abc`,
  '/TicketPreview/abc',
  '/ActivateTicket/123',
  '/ReactivateTicket/123',
  `/ActivateTicket/${GUID}/Confirmation/(512)`,
  '/ActivateTicket/123/RegisterDevice',
  '/MyTicket/1',
  '/MyTeam/1',
  '/ManageDiscounts/abc',
  '/Team/abc',
];

/** Well-formed links that name nothing stored: each page says so in its own words. */
const UNKNOWN: [path: string, words: string][] = [
  [`/Fundraiser/${UNKNOWN_GUID}`, 'We could not find that fundraiser page. Please check the link.'],
  [`/FundraiserOrders/${UNKNOWN_GUID}`, 'We could not find that fundraiser page. Please check the link.'],
  [`/Order/${UNKNOWN_GUID}`, 'We could not find that fundraiser page. Please check the link.'],
  [`/Order/Contact/${UNKNOWN_GUID}`, 'We could not find that fundraiser page. Please check the link.'],
  [`/MyOffers/${UNKNOWN_GUID}`, 'We could not find that ticket. Please check the link.'],
  [`/ManageDiscounts/${UNKNOWN_GUID}`, 'Sorry, there are no digital items associated located here :/'],
  ['/Checkout/2147483647', 'We could not find that order on this device.'],
  ['/Receipt/2147483647?key=abc', 'We could not find that receipt. Please check the link.'],
  ['/Order/999999/0/0', 'Fundraiser not found.'],
];

test.describe('malformed links', () => {
  test('every page link with a parameter that names nothing shows the friendly not-found page', async ({ page }) => {
    for (const path of MALFORMED) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'Find a fundraiser' }), path).toBeVisible();
      expect(await page.locator('body').innerText(), path).not.toMatch(SCHEMA_WORDING);
    }
  });

  test('a well-formed link to nothing is told so in words, never a validation message', async ({ page }) => {
    for (const [path, words] of UNKNOWN) {
      await page.goto(path);
      await expect(page.getByRole('main').getByText(words), path).toBeVisible();
      expect(await page.locator('body').innerText(), path).not.toMatch(SCHEMA_WORDING);
    }
  });
});
