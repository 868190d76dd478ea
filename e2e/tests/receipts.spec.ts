import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../support/pdfText';
import { WCAG_TAGS } from '../support/a11y';
import { fillBilling } from '../support/checkoutForm';

const NOT_FOUND = 'We could not find a paid order with that order number and e-mail.';

/** Orders a $50 sponsorship on fundraiser 1 and pays it with the sandbox's approved card. */
async function payAnOrder(page: Page): Promise<{ orderId: string; receiptPath: string }> {
  await page.goto('/Order/1/0/0');
  await page.getByLabel('Student first name').fill('Jordan');
  await page.getByLabel('Student last name').fill('Rivera');
  await page.getByRole('radio', { name: /Contributor Sponsor/ }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Checkout/ })).toBeVisible();
  await fillBilling(page, '4111111111111111');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);
  await expect(page.getByText('Thank you, Casey!')).toBeVisible();
  const url = new URL(page.url());
  return { orderId: url.pathname.split('/').pop()!, receiptPath: `${url.pathname}${url.search}` };
}

/** axe-core finds no WCAG 2.2 A/AA violations on the page as it is now. */
async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function lookUp(page: Page, orderId: string, email: string) {
  await page.getByLabel('Order number').fill(orderId);
  await page.getByLabel('E-mail used').fill(email);
  await page.getByRole('button', { name: 'Find receipt' }).click();
}

test.describe('receipts to keep', () => {
  test.describe.configure({ mode: 'serial' });
  let paid: { orderId: string; receiptPath: string };

  test('the receipt downloads as a PDF whose text is the receipt', async ({ page }) => {
    paid = await payAnOrder(page);
    const link = page.getByRole('link', { name: 'Download PDF' });
    await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
    const box = await link.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);

    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`receipt-${paid.orderId}.pdf`);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(file);
    expect(text).toContain('Fundraising University');
    expect(text).toContain(`Order number ${paid.orderId}`);
    expect(text).toContain('Supporter Casey Morgan');
    expect(text).toContain('E-mail casey@example.com');
    expect(text).toContain('Total paid $50.00');
    expect(text).toContain('Payment Visa ending in 1111');
    // The page is still the receipt: the download did not navigate away.
    await expect(page.getByTestId('receipt-total')).toHaveText('$50.00');
    await expectNoViolations(page);
  });

  test('Help leads to /Receipts, where the order number and the e-mail in another case open the receipt', async ({
    page,
  }) => {
    await page.goto('/Help');
    await page.getByRole('link', { name: 'Find your receipt' }).click();
    await expect(page).toHaveURL(/\/Receipts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find a receipt' })).toBeVisible();
    await expect(page).toHaveTitle('Find a receipt | Fundraising University');

    await lookUp(page, paid.orderId, '  CASEY@Example.COM ');
    await expect(page).toHaveURL(new RegExp(`${paid.receiptPath.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByText('Thank you, Casey!')).toBeVisible();
    await expect(page.getByTestId('receipt-total')).toHaveText('$50.00');
  });

  test('a wrong e-mail or number gets the one generic message, in the error summary, which takes focus', async ({
    page,
  }) => {
    await page.goto('/Receipts');
    await lookUp(page, paid.orderId, 'someone.else@example.com');
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([NOT_FOUND]);
    await expect(page).toHaveURL(/\/Receipts$/);
    await expectNoViolations(page);

    await lookUp(page, String(Number(paid.orderId) + 1000), 'casey@example.com');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([NOT_FOUND]);

    // Its link takes the user back to the first field.
    await summary.getByRole('link', { name: NOT_FOUND }).click();
    await expect(page.getByLabel('Order number')).toBeFocused();
  });
});
