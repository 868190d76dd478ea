import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { freshPhone, newPrivateStudentPage } from '../support/orders';
import { linkIn, textsTo } from '../support/wallet';

// Issue 34 item 2 (COPPA): a page made without the age answer asks it first; for a student under 13
// the page stays private (no share, no QR code, no text to the student's phone) until a parent
// confirms it on their own phone by a texted link; then it works, and its texts go to the parent.
// At 360 px (the phone project).

test('an under-13 page stays private until the parent confirms by the texted link, then works', async ({
  page,
  browser,
}) => {
  const student = await newPrivateStudentPage(page.request, 'unanswered');
  await page.goto(`/Fundraiser/${student.guid}`);

  // The question first, before anything else.
  await expect(page.getByRole('heading', { name: 'Is the student 13 or older?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await page.getByRole('button', { name: 'No' }).click();

  // Private: a parent's number is asked; nothing to share, scan or text.
  await expect(page.getByRole('heading', { name: 'A parent needs to confirm this page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(page.getByTestId('student-qr-code')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect((await page.request.get(`/api/Orders/GetQRCode?fdid=${student.guid}`)).status()).toBe(403);
  const shown = await (
    await page.request.get(`/api/Orders/GetMyFundraiser?fundraiserDeviceGuid=${student.guid}`)
  ).json();
  expect(shown).toMatchObject({ socialGuid: null, privacy: { isPrivate: true, studentIs13OrOlder: false } });

  // The student's own number is not a parent's.
  const field = page.getByLabel("Parent's mobile number");
  await field.fill(student.phone);
  await page.getByRole('button', { name: 'Text the parent a link' }).click();
  await expect(page.getByRole('alert')).toContainText("Please enter a parent's mobile number");
  const parentPhone = freshPhone();
  await field.fill(parentPhone);
  await page.getByRole('button', { name: 'Text the parent a link' }).click();
  await expect(page.getByRole('status')).toContainText('We texted a link to');

  // The parent opens the texted link on their own phone: what is kept, then Confirm.
  const [text] = await textsTo(page.request, parentPhone);
  const link = linkIn(text!);
  expect(link.pathname).toMatch(/^\/ParentConsent\/[\w-]+$/);
  const parentsPhone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const parent = await parentsPhone.newPage();
    await parent.goto(link.pathname);
    // Under 13, only the last name's initial is kept: the parent reads it as it is kept.
    await expect(parent.getByText(/Mia O\. wants a student page/)).toBeVisible();
    await expect(parent.getByText('Okafor')).toHaveCount(0);
    await expect(parent.getByRole('heading', { name: 'What we keep' })).toBeVisible();
    await expectNoAxeViolations(parent);
    await parent.getByRole('button', { name: 'Confirm' }).click();
    await expect(parent.getByRole('status')).toContainText("Mia's page is confirmed");
    // The link works once.
    await parent.reload();
    await expect(parent.getByRole('alert')).toContainText('already been used');
  } finally {
    await parentsPhone.close();
  }

  // The page works now: share, QR code, reminders, which go to the parent's phone.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.getByTestId('student-qr-code')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Text reminders are on.')).toBeVisible();
  await expect(page.getByTestId('reminders-pending')).toHaveCount(0);
  expect((await page.request.get(`/api/Orders/GetQRCode?fdid=${student.guid}`)).status()).toBe(200);

  // Nothing ever went to the student's phone; the parent got the link and the confirmation.
  expect(await textsTo(page.request, student.phone)).toEqual([]);
  const toParent = await textsTo(page.request, parentPhone);
  expect(toParent).toHaveLength(2);
  expect(toParent[0]).toContain("you agreed to Mia's fundraising page");
});
