import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { fillBuyer } from '../support/checkoutForm';
import { confirmationLink, DEVICE, newStudentPage } from '../support/orders';

const jsQrPath = createRequire(__filename).resolve('jsqr/dist/jsQR.js');

/** Reads the page's QR code the way a phone camera would: rendered to pixels, then decoded. */
async function decodeQrCode(page: Page): Promise<string | null> {
  // Evaluated over the DevTools protocol: the site's CSP rightly refuses an injected <script>.
  await page.evaluate(readFileSync(jsQrPath, 'utf8'));
  return page.evaluate(async () => {
    const svg = document.querySelector('[data-testid="student-qr-code"]') as SVGSVGElement;
    const padding = 10;
    const size = svg.width.baseVal.value + padding * 2;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size * 2;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, padding * 2, padding * 2, svg.width.baseVal.value * 2, svg.height.baseVal.value * 2);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const decoder = (
      window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }
    ).jsQR;
    return decoder(pixels.data, pixels.width, pixels.height)?.data ?? null;
  });
}

/** The demo student's contact link: what supporters scan, never the page's own guid (the student's secret). */
const CONTACT = '66666666-6666-4666-8666-666666666666';

const dollars = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

test.describe('student pages', () => {
  test('the device page shows the student, orders matching the orders page, a readable QR code and the ticket preview', async ({
    page,
    context,
  }) => {
    await page.goto(`/Fundraiser/${DEVICE}`);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('My Fundraiser');
    await expect(page.getByText('Jordan Rivera')).toBeVisible();
    const [count, total] = (await page.getByTestId('orders-summary').innerText()).split('·').map((s) => s.trim());

    const scanned = await decodeQrCode(page);
    expect(scanned).toMatch(new RegExp(`^https?://[^/]+/Order/Contact/${CONTACT}$`));
    expect(scanned).not.toContain(DEVICE);

    const [preview] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Digital Ticket Preview' }).click(),
    ]);
    expect(preview.url()).toMatch(/\/MyOffers\/[0-9a-f-]{36}$/);
    await preview.close();

    await page.getByRole('link', { name: /Orders/ }).click();
    await expect(page).toHaveURL(new RegExp(`/FundraiserOrders/${DEVICE}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const orders = page.getByTestId('device-order');
    await expect(orders).toHaveCount(Number(count));
    const totals = await orders.getByTestId('order-total').allInnerTexts();
    expect(totals.reduce((sum, text) => sum + dollars(text), 0)).toBe(dollars(total!));
  });

  test('reminders: Continue turns them on, the texted link confirms the phone, the choice survives a reload; My Fundraisers changes it', async ({
    page,
  }) => {
    const student = await newStudentPage(page.request);
    const { guid } = student;
    await page.goto(`/Fundraiser/${guid}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    // On, but nothing goes out until the phone confirms the page with the link texted to it: one
    // state that says so, not "on" beside "waiting".
    await expect(page.getByTestId('reminders-state')).toHaveText(
      'Text reminders are waiting for your confirmation text.',
    );
    await expect(page.getByTestId('reminders-pending')).toContainText(
      'Open the link we texted to your phone to start them.',
    );
    const link = await confirmationLink(page.request, student);
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText('Your phone is confirmed. Text reminders will come to it.')).toBeVisible();
    await expect(page.getByTestId('reminders-pending')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('reminders-state')).toHaveText('Text reminders are on.');
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await expect(page.getByTestId('reminders-pending')).toHaveCount(0);

    await page.getByRole('link', { name: 'My Fundraisers' }).click();
    await expect(page.getByRole('main').getByRole('link').first()).toHaveAttribute('href', `/Fundraiser/${guid}`);
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByTestId('reminders-state')).toHaveText('Off');
    await page.goto(`/Fundraiser/${guid}`);
    await expect(page.getByTestId('reminders-state')).toHaveText('Text reminders are off.');
    await page.getByRole('button', { name: 'Enable Reminders' }).click();
    await expect(page.getByTestId('reminders-state')).toHaveText('Text reminders are on.');
    // Confirmed once: on again needs no new link.
    await expect(page.getByTestId('reminders-pending')).toHaveCount(0);
    // And off again from the same card: one place switches them.
    await page.getByRole('button', { name: 'Turn off reminders' }).click();
    await expect(page.getByTestId('reminders-state')).toHaveText('Text reminders are off.');
    await page.reload();
    await expect(page.getByTestId('reminders-state')).toHaveText('Text reminders are off.');
  });

  test('Share copies the $500 message with the social link and is counted', async ({ page, context }) => {
    const { guid } = await newStudentPage(page.request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Desktop Chromium has no share sheet on Linux; make sure the copy path is what runs.
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto(`/Fundraiser/${guid}`);
    const counted = page.waitForResponse('**/api/Orders/IncrementShareClicks');
    await page.getByRole('button', { name: 'Share' }).click();
    expect(await (await counted).json()).toEqual({ counted: true });
    await expect(page.getByText('Link copied.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(
      /^Help Avery raise money for .+! Our goal is \$500\. Order or donate here: http.+\/Order\/Social\/[0-9a-f-]{36}$/,
    );
  });

  test('a cash order from the student page lands in their orders', async ({ page }) => {
    const { guid } = await newStudentPage(page.request);
    await page.goto(`/Fundraiser/${guid}`);
    await expect(page.getByTestId('orders-summary')).toHaveText('0 · $0.00');
    await page.getByRole('button', { name: 'New Order (Cash / Check)?' }).click();
    await expect(page).toHaveURL(new RegExp(`/Order/${guid}/\\d+$`));
    const draftId = page.url().split('/').pop();
    await expect(page.getByText('Recording a cash or check sale for Avery Q.')).toBeVisible();
    await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
    await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkoutcashcheck/${draftId}/${draftId}$`));
    // Spec §9's fee until a payment type is chosen; then the summary shows what will be recorded.
    await expect(page.getByTestId('convenience-fee')).toHaveText('$1.80');
    await page.getByRole('radio', { name: 'Cash' }).check();
    await expect(page.getByTestId('convenience-fee')).toHaveCount(0);
    await expect(page.getByTestId('checkout-total')).toHaveText('$36.00');
    await fillBuyer(page, '(512) 555-0188');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Cash, recorded by a student')).toBeVisible();

    await page.goto(`/Fundraiser/${guid}`);
    await expect(page.getByTestId('orders-summary')).toHaveText('1 · $36.00');
    await page.getByRole('link', { name: /Orders/ }).click();
    const order = page.getByTestId('device-order');
    await expect(order).toHaveCount(1);
    await expect(order.getByText('Casey Morgan')).toBeVisible();
    await expect(order.getByRole('link', { name: '(512) 555-0188' })).toBeVisible();
    await expect(order.getByText(/Chocolate Chip × 2/)).toBeVisible();
  });
});
