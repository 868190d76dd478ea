import type { Page } from '@playwright/test';

/** Fills one supporter's name, contact and address, as the card and the cash/check checkouts ask them. */
export async function fillBuyer(page: Page, phone = '512-555-0188') {
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Morgan');
  await page.getByLabel('Email').fill('casey@example.com');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Address', { exact: true }).fill('1 Main St');
  await page.getByLabel('State').selectOption('TX');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('Zip code').fill('78701');
}

/** Fills the card checkout form with one supporter's details and the given card (expiry 12/2030, CVV 123). */
export async function fillBilling(page: Page, cardNumber: string, phone = '512-555-0188') {
  await fillBuyer(page, phone);
  await page.getByLabel('Name on card').fill('Casey Morgan');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YYYY)').fill('2030');
  await page.getByLabel('CVV').fill('123');
}
