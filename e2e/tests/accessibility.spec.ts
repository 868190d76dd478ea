import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from '../support/stack';

const DEVICE = '11111111-1111-4111-8111-111111111111';
const SAMPLE_TICKET = 'a1a1a1a1-0000-4000-8000-000000000001';

/** Each page, once loaded, as a phone sees it: axe-core finds no WCAG A/AA violations. */
const pages: [name: string, path: string, ready: string][] = [
  ['state list', '/', 'h1'],
  ['order page', '/Order/1/0/0', 'text=Continue to checkout'],
  ['student page', `/Fundraiser/${DEVICE}`, '[data-testid="orders-summary"]'],
  ['student orders', `/FundraiserOrders/${DEVICE}`, 'text=Back to my page'],
  ['my fundraisers', `/Fundraisers/${DEVICE}`, 'text=Change'],
  ['offers preview', `/MyOffers/${SAMPLE_TICKET}`, '[data-testid="offer"]'],
  ['ticket preview', '/TicketPreview/1', '[data-testid="offer"]'],
  ['activate ticket', '/ActivateTicket/55555555-5555-4555-8555-555555555555', 'label:has-text("Phone number")'],
  ['purchases', '/ManageDiscounts/44444444-4444-4444-8444-444444444444', '[data-testid="purchased-ticket"]'],
  ['help', '/Help', 'h1'],
];

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('accessibility (axe-core)', () => {
  for (const [name, path, ready] of pages) {
    test(`${name} (${path}) has no violations`, async ({ page }) => {
      await page.goto(path);
      await page.locator(ready).first().waitFor();
      await expectNoViolations(page);
    });
  }

  test('the order page with its error summary, and checkout with its own', async ({ page }) => {
    await page.goto('/Order/1/0/0');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
    await expectNoViolations(page);

    await page.getByLabel('Student first name').fill('Jordan');
    await page.getByLabel('Student last name').fill('Rivera');
    await page.getByRole('radio', { name: /Contributor Sponsor/ }).check();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\/\d+$/);
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('cash/check checkout and its receipt', async ({ page }) => {
    await page.goto(`/Order/${DEVICE}/new`);
    await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.getByRole('radio', { name: 'Cash' }).waitFor();
    await expectNoViolations(page);
    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByLabel('First name').fill('Casey');
    await page.getByLabel('Last name').fill('Morgan');
    await page.getByLabel('Email').fill('casey@example.com');
    await page.getByLabel('Phone').fill('(512) 555-0188');
    await page.getByLabel('Address', { exact: true }).fill('1 Main St');
    await page.getByLabel('State').selectOption('TX');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('Zip code').fill('78701');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Paid in cash').waitFor();
    await expectNoViolations(page);
  });

  test('the wallet of an activated ticket: offers, redeem, ticket, team', async ({ page, request }) => {
    // A ticket of its own, so the other journeys keep the demo tickets as they are.
    const created = await request.get('/api/Admin/CreateComplimentaryTicket?ticketId=1&qty=1', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const session = ((await created.json()) as { sessions: { guid: string }[] }).sessions[0]!.guid;
    const phone = '5125550166';
    await page.goto(`/ActivateTicket/${session}`);
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/Confirmation/);
    await expectNoViolations(page);
    const outbox = (await (
      await request.get('/dev/sms-outbox', { headers: { accept: 'application/json' } })
    ).json()) as { toPhone: string; body: string }[];
    const link = new URL(outbox.find((text) => text.toPhone.endsWith(phone))!.body.match(/https?:\/\/\S+/)![0]);
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Register This Device' }).waitFor();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Register This Device' }).click();
    await page.getByTestId('offer').first().waitFor();
    await expectNoViolations(page);
    await page.getByTestId('offer').first().click();
    await page.getByRole('button', { name: 'Redeem' }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoViolations(page);
    await page.goto(`/MyTicket/${session}/`);
    await page.getByRole('img', { name: /photo 1/ }).waitFor();
    await expectNoViolations(page);
    await page.goto(`/MyTeam/${session}/`);
    await page.getByRole('heading', { name: /Resources$/ }).waitFor();
    await expectNoViolations(page);
  });
});
