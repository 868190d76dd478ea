import { expect, test } from '@playwright/test';
import { fillBilling } from '../support/checkoutForm';
import { textsTo } from '../support/wallet';

// Issue 19: a ticket buyer reaches their tickets from the receipt page, the text and the e-mail.

/** The buyer's phone: its own, so the per-phone text budget and the outbox hold only this journey. */
const PHONE = '5125550166';

interface OutboxEmail {
  toAddress: string;
  subject: string;
  textBody: string;
  attachments: { filename: string; contentType: string }[];
}

test('a digital discount card purchase leads to the tickets from the receipt, the text and the e-mail', async ({
  page,
}) => {
  await page.goto('/Order/1/0/0');
  await page.getByLabel('Student first name').fill('Jordan');
  await page.getByLabel('Student last name').fill('Rivera');
  await page.getByRole('button', { name: 'Add one Digital Discount Card' }).click();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Checkout/ })).toBeVisible();
  await fillBilling(page, '4111111111111111', PHONE);
  await page.getByRole('button', { name: /^Submit payment of / }).click();
  await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;

  // The receipt page: a link to the purchase's tickets.
  await expect(page.getByRole('heading', { level: 2, name: 'Your digital tickets' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Open your digital tickets' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/ManageDiscounts\/[0-9a-f-]{36}$/);
  // The first thing under the heading, on a 360 px phone's first screen, before the receipt's lines.
  await expect(link).toBeInViewport();
  const linkBox = (await link.boundingBox())!;
  expect(linkBox.height).toBeGreaterThanOrEqual(44);
  expect(linkBox.y).toBeLessThan((await page.getByText('Thank you, Casey!').boundingBox())!.y);
  expect(linkBox.y).toBeLessThan((await page.getByRole('button', { name: 'Print receipt' }).boundingBox())!.y);

  // The text, through the SMS outbox (sent in the background after payment).
  await expect
    .poll(async () => (await textsTo(page.request, PHONE)).find((text) => text.includes(href!)), {
      message: 'the tickets text',
    })
    .toMatch(/^Lincoln High School Varsity Football: your digital tickets are ready! /);

  // The e-mail receipt, with the link and the PDF attached.
  const email = async () => {
    const response = await page.request.get('/dev/email-outbox', { headers: { accept: 'application/json' } });
    const messages = (await response.json()) as OutboxEmail[];
    return messages.find((message) => message.textBody.includes(href!));
  };
  await expect
    .poll(async () => (await email())?.toAddress, { message: 'the receipt e-mail' })
    .toBe('casey@example.com');
  expect((await email())!.attachments.map((attachment) => attachment.filename)).toContain(`receipt-${orderId}.pdf`);

  // The link opens the buyer's tickets.
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Ticket Purchases' })).toBeVisible();

  // Issue 31: the buyer uses the ticket on this phone, the browser that bought it: no number typed,
  // no text waited for.
  const texts = (await textsTo(page.request, PHONE)).length;
  await page.getByTestId('purchased-ticket').first().getByRole('button', { name: 'Use on This Phone' }).click();
  await page.getByRole('button', { name: 'Register This Device' }).click();
  await expect(page.getByTestId('offer')).toHaveCount(3);
  expect(await textsTo(page.request, PHONE)).toHaveLength(texts);
  // The buyer's own browser has spec §2's Purchases tab back to the purchase, beside the ticket's pages.
  const tabs = page.getByRole('navigation', { name: 'Ticket' }).getByRole('link');
  await expect(tabs).toHaveText(['Purchases', 'History', 'Team', 'Home', 'Offers']);
  await tabs.first().click();
  await expect(page.getByTestId('purchased-ticket').first()).toContainText('Ticket Redeemed by (512) 555-0166');
});
