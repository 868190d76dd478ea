import { expect, test, type Page } from '@playwright/test';
import ordering from '../../remote-ordering/src/i18n/es.json';
import checkout from '../../remote-checkout/src/i18n/es.json';
import tickets from '../../remote-tickets/src/i18n/es.json';
import fundraiser from '../../remote-fundraiser/src/i18n/es.json';
import shell from '../../shell/src/i18n/es.json';
import { expectNoAxeViolations } from '../support/a11y';
import { collectAlerts } from '../support/dialogs';
import { waitForLoaded } from '../support/loading';
import { DEVICE } from '../support/orders';
import { pdfText } from '../support/pdfText';
import { baseURL } from '../support/stack';
import { englishOn, recordData } from '../support/spanish';
import { newComplimentaryTicket, registerFromText } from '../support/wallet';

// Issue 35: a Spanish-speaking reader, on a 360 px phone whose browser prefers Spanish, never meets
// an English sentence: the pages (served and drawn by the app), the messages, the e-mail and the
// receipt PDF. The words are the catalogs' (their Spanish is checked by reading it, not retyped).

test.use({ locale: 'es-MX' });

const SOCIAL = '77777777-7777-4777-8777-777777777777';
const DECLINED_CARD = '4000000000000002';
const APPROVED_CARD = '4111111111111111';

/** The page holds no English sentence and axe finds nothing, once it has settled. */
async function expectSpanishPage(page: Page, data: () => string[]) {
  await waitForLoaded(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await englishOn(page, data())).toEqual([]);
  await expectNoAxeViolations(page);
}

async function fillBillingInSpanish(page: Page, cardNumber: string) {
  await page.getByLabel(checkout['checkout.address.firstName'], { exact: true }).fill('Rosa');
  await page.getByLabel(checkout['checkout.address.lastName'], { exact: true }).fill('Hernández');
  await page.getByLabel(checkout['checkout.address.email'], { exact: true }).fill('rosa@example.com');
  await page.getByLabel(checkout['checkout.address.phone'], { exact: true }).fill('512-555-0177');
  await page.getByLabel(checkout['checkout.address.address1'], { exact: true }).fill('1 Main St');
  await page.getByLabel(checkout['checkout.address.state'], { exact: true }).selectOption('TX');
  await page.getByLabel(checkout['checkout.address.city'], { exact: true }).fill('Austin');
  await page.getByLabel(checkout['checkout.address.zip'], { exact: true }).fill('78701');
  await page.getByLabel(checkout['checkout.card.holderName']).fill('Rosa Hernández');
  await page.getByLabel(checkout['checkout.card.number']).fill(cardNumber);
  await page.getByLabel(checkout['checkout.card.expiryMonth']).fill('12');
  await page.getByLabel(checkout['checkout.card.expiryYear']).fill('2030');
  await page.getByLabel(checkout['checkout.card.cvv']).fill('123');
}

interface OutboxEmail {
  toAddress: string;
  subject: string;
  textBody: string;
  attachments: { filename: string }[];
}

test("a grandparent's journey in Spanish: the share link, an order, a declined card, payment, the receipt, its e-mail and PDF", async ({
  page,
}) => {
  const data = recordData(page);
  const alerts = collectAlerts(page);
  await page.goto(`/Order/Social/${SOCIAL}`);
  await expect(page.getByLabel(ordering['ordering.student.firstName'])).toHaveValue('Jordan');
  await expectSpanishPage(page, data);

  await page.getByRole('radio', { name: new RegExp(ordering['ordering.donationTier.team']) }).check();
  await page.getByRole('button', { name: ordering['ordering.total.continue'] }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expectSpanishPage(page, data);

  // The card is declined: the gateway's refusal and what to do next, in Spanish.
  await fillBillingInSpanish(page, DECLINED_CARD);
  const submit = page.getByRole('button', { name: /^Enviar el pago de / });
  await submit.click();
  await expect(page.getByText(checkout['checkout.payment.declineAdvice'], { exact: false })).toBeVisible();
  await expect.poll(() => alerts.length).toBe(1);
  expect(alerts[0]).not.toMatch(/declined/i);
  await expectSpanishPage(page, data);

  await page.getByLabel(checkout['checkout.card.number']).fill(APPROVED_CARD);
  await submit.click();
  await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: checkout['checkout.receipt.heading'] })).toBeVisible();
  await expect(page.getByText(checkout['checkout.receipt.thanksName'].replace('{name}', 'Rosa'))).toBeVisible();
  await expectSpanishPage(page, data);
  const orderId = /\/Receipt\/(\d+)/.exec(page.url())![1];

  // The receipt's PDF, in the language the order was made in.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: checkout['checkout.receipt.downloadPdf'] }).click();
  const file = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const text = await pdfText(await readFile(file));
  expect(text).toContain('Rosa');
  expect(text).not.toMatch(/\b(Receipt|Thank you|Total paid|Please keep)\b/);
  expect(text).toMatch(/Recibo/);

  // The e-mail receipt, in Spanish, with the PDF attached.
  const email = async () => {
    const response = await page.request.get('/dev/email-outbox', { headers: { accept: 'application/json' } });
    return ((await response.json()) as OutboxEmail[]).find((message) => message.toAddress === 'rosa@example.com');
  };
  await expect.poll(async () => (await email())?.subject, { message: 'the receipt e-mail' }).toBeTruthy();
  const sent = (await email())!;
  expect(sent.attachments.map((attachment) => attachment.filename)).toContain(`receipt-${orderId}.pdf`);
  expect(`${sent.subject}\n${sent.textBody}`).not.toMatch(/\b(the|your|Thank you|receipt)\b/);
  expect(sent.textBody).toMatch(/Gracias|gracias/);
});

test("a student's page and its reminders in Spanish", async ({ page }) => {
  const data = recordData(page);
  await page.goto(`/Fundraiser/${DEVICE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lincoln Football 2026' })).toBeVisible();
  await expect(page.getByRole('button', { name: fundraiser['fundraiser.share.button'] })).toBeVisible();
  await expectSpanishPage(page, data);
});

test('the offers wallet and a redemption in Spanish', async ({ page, request }) => {
  const data = recordData(page);
  const session = await newComplimentaryTicket(request);
  const phone = `51255${String(Date.now()).slice(-5)}`;
  await page.goto(`/ActivateTicket/${session}`);
  await expect(page.getByRole('heading', { level: 1, name: tickets['tickets.activate.heading'] })).toBeVisible();
  await expectSpanishPage(page, data);
  await page.getByLabel(tickets['tickets.activate.phone']).fill(phone);
  await page.getByRole('button', { name: tickets['tickets.activate.submit'] }).click();
  await page.waitForURL(/Confirmation/);
  await expectSpanishPage(page, data);
  await registerFromText(page, request, phone, tickets['tickets.register.button']);
  const offers = page.getByTestId('offer');
  await expect(offers).toHaveCount(3);
  await expectSpanishPage(page, data);

  await offers.first().click();
  await page.getByRole('button', { name: tickets['tickets.redeem.button'], exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: tickets['tickets.redeem.confirm'] }).click();
  const proof = page.getByRole('dialog', { name: tickets['tickets.proof.label'] });
  await expect(proof).toBeVisible();
  await expectSpanishPage(page, data);
  await proof.getByRole('button', { name: tickets['tickets.proof.done'] }).click();
  await expect(page.getByRole('button', { name: tickets['tickets.offer.redeemed'] })).toBeVisible();
});

test.describe('the switch', () => {
  test.use({ locale: 'en-US' });

  test('is in every footer, changes the page at once, and is remembered across remotes and a reload', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: "Select Fundraiser's State" })).toBeVisible();
    const languages = page.getByRole('navigation', { name: 'Language' });
    await languages.getByRole('link', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ordering['ordering.selectState.title'] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect((await context.cookies()).find((cookie) => cookie.name === 'fu_lang')?.value).toBe('es');

    // Another remote's page (checkout's receipt lookup), from the shell's Help page: Spanish.
    await page.getByRole('link', { name: shell['shell.footer.help'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: shell['shell.help.heading'] })).toBeVisible();
    await page.getByRole('link', { name: /Busque su recibo/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: checkout['checkout.lookup.heading'] })).toBeVisible();

    // A reload is served in Spanish, the cookie over the browser's English.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: checkout['checkout.lookup.heading'] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page
      .getByRole('navigation', { name: shell['shell.language.label'] })
      .getByRole('link', { name: 'English' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find a receipt' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: "Select Fundraiser's State" })).toBeVisible();
  });
});

test('the switch works without scripts: the server remembers the choice and sends the page again in it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: 'en-US',
    serviceWorkers: 'block',
    baseURL,
  });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: "Select Fundraiser's State" })).toBeVisible();
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: ordering['ordering.selectState.title'] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  } finally {
    await context.close();
  }
});
