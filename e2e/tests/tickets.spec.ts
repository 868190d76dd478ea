import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { collectAlerts } from '../support/dialogs';
import { lastTextTo, registerFromText } from '../support/wallet';

const SESSION = '22222222-2222-4222-8222-222222222222';
const PURCHASE = '33333333-3333-4333-8333-333333333333';
const COMPLIMENTARY = '44444444-4444-4444-8444-444444444444';
const TICKET = 'a1a1a1a1-0000-4000-8000-000000000001';
const PHONE = '5125550142';

async function activate(page: Page, request: APIRequestContext) {
  await page.goto(`/ActivateTicket/${SESSION}`);
  const phone = page.getByLabel('Phone number');
  await phone.fill('(512) 555-014');
  await expect(page.getByText('Please enter a valid 10-digit phone number.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await phone.fill('(512) 555-0142');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/ActivateTicket/${SESSION}/Confirmation/${PHONE}$`));
  await expect(page.getByText('We texted a link to (512) 555-0142.')).toBeVisible();

  await registerFromText(page, request, PHONE);
  await expect(page).toHaveURL(new RegExp(`/MyOffers/${SESSION}/?$`));
}

test.describe.serial('tickets and offers wallet', () => {
  test('activate by phone, register this device, redeem the single-use offer; a second device is refused', async ({
    page,
    request,
    browser,
  }) => {
    const alerts = collectAlerts(page);
    await activate(page, request);
    const offers = page.getByTestId('offer');
    await expect(offers).toHaveCount(3);
    await expect(page.getByRole('navigation', { name: 'Ticket' }).getByRole('link')).toHaveText([
      'History',
      'Team',
      'Home',
      'Offers',
    ]);

    await offers.filter({ hasText: 'Buy One Pizza, Get One Free' }).click();
    await page.getByRole('button', { name: 'Redeem' }).click();
    const confirm = page.getByRole('dialog', { name: 'Present this at Checkout' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog', { name: 'Redemption proof' }).getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: 'Redeemed' })).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    const pizza = offers.filter({ hasText: 'Buy One Pizza' });
    await expect(pizza).toContainText('Redeemed');
    await pizza.click();
    await expect.poll(() => alerts).toContain('This offer has already been redeemed');

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`/MyOffers/${SESSION}`);
    await expect(otherPage).toHaveURL(new RegExp(`/ReactivateTicket/${SESSION}$`));
    const refused = await otherPage.request.post(
      `/api/Tickets/RedeemTicketPurchaseOffer?ticketPurchaseSessionGuid=${SESSION}&ticketOfferId=2`,
      { data: {} },
    );
    expect(refused.status()).toBe(403);
    await other.close();
  });

  test('the ticket and team pages of an activated ticket', async ({ page, request }) => {
    await activate(page, request);
    await page.getByRole('navigation', { name: 'Ticket' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Lincoln High School');
    const photos = page.getByRole('img', { name: /photo \d/ });
    await expect(photos.first()).toBeVisible();
    const width = await photos.first().evaluate((img) => img.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(360 * 0.8);
    await page.getByRole('navigation', { name: 'Ticket' }).getByRole('link', { name: 'Team' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Resources$/);

    // Scrolled to the end, the fixed ticket navigation leaves the footer's Help link uncovered.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const help = await page.getByRole('link', { name: 'Help & Support' }).boundingBox();
    const nav = await page.getByRole('navigation', { name: 'Ticket' }).boundingBox();
    expect(help!.y + help!.height).toBeLessThanOrEqual(nav!.y);
  });

  test('ManageDiscounts: Ticket n of m, redeemed by, copy link and send link', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/ManageDiscounts/${PURCHASE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Ticket Purchases' })).toBeVisible();
    const tickets = page.getByTestId('purchased-ticket');
    await expect(tickets).toHaveCount(2);
    await expect(tickets.nth(0)).toContainText('Ticket 1 of 2');
    await expect(tickets.nth(0)).toContainText('Ticket Redeemed by (512) 555-0142');
    await expect(tickets.nth(0).getByRole('button', { name: 'Copy Link' })).toBeDisabled();

    // The demo's second ticket was activated before import: nothing left to share on it either.
    await expect(tickets.nth(1)).toContainText('Ticket 2 of 2');
    await expect(tickets.nth(1).getByRole('button', { name: 'Send Link to Phone' })).toBeDisabled();

    await page.goto(`/ManageDiscounts/${COMPLIMENTARY}`);
    const open = page.getByTestId('purchased-ticket');
    await expect(open).toContainText('Ticket 1 of 1');
    await open.getByRole('button', { name: 'Copy Link' }).click();
    // The copy is asynchronous (navigator.clipboard.writeText); the row's notice shows once it is done.
    await open.getByRole('status').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^http:\/\/localhost:\d+\/activateticket\/[0-9a-f-]{36}$/);

    await open.getByLabel('Phone number').fill('512555');
    await open.getByRole('button', { name: 'Send Link to Phone' }).click();
    await expect(open.getByRole('alert')).toHaveText('Please enter a valid 10-digit phone number.');
    await open.getByLabel('Phone number').fill('5125550177');
    await open.getByRole('button', { name: 'Send Link to Phone' }).click();
    await expect(open.getByRole('status')).not.toBeEmpty();
    expect(await lastTextTo(request, '5125550177')).toMatch(/\/activateticket\/[0-9a-f-]{36}\?code=[\w-]+$/);
  });

  test("a complimentary purchase says 'Complimentary'; an unknown one shows the spec's text", async ({ page }) => {
    await page.goto(`/ManageDiscounts/${COMPLIMENTARY}`);
    await expect(page.getByText(/Complimentary/)).toBeVisible();
    await page.goto('/ManageDiscounts/99999999-9999-4999-8999-999999999999');
    await expect(page.getByText('Sorry, there are no digital items associated located here :/')).toBeVisible();
  });

  test('the preview shows the sample offers with no redeem links and no History tab', async ({ page }) => {
    await page.goto('/TicketPreview/1');
    await expect(page.getByTestId('offer')).toHaveCount(3);
    await expect(page.locator('a[data-testid="offer"]')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Ticket' }).getByRole('link')).toHaveText([
      'Team',
      'Home',
      'Offers',
    ]);
    await page.goto(`/MyOffers/${TICKET}`);
    await expect(page.getByText(/^Preview/)).toBeVisible();
  });
});
