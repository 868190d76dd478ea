import { expect, test } from '@playwright/test';
import { newStudentPage } from '../support/orders';
import { lastTextTo, linkIn } from '../support/wallet';

// Issue 34 (docs/privacy.md): a family leaves the directory. The student page's holder asks for a
// link texted to the page's phone, opens it and taps Delete this page; the page's address then
// answers as a page that does not exist. On a 360 px phone.
test.use({ viewport: { width: 360, height: 740 } });

test('a student deletes their page with the link texted to its phone', async ({ page, request }) => {
  const student = await newStudentPage(request);
  await page.goto(`/Fundraiser/${student.guid}`);
  await expect(page.locator('.fp-student-name')).toHaveText('Avery Quinn');

  const card = page.getByRole('region', { name: 'Delete this page' });
  await card.getByRole('button', { name: 'Text me a delete link' }).click();
  await expect(card.getByRole('status')).toContainText('We texted a link to');
  // Asking deletes nothing.
  await page.reload();
  await expect(page.locator('.fp-student-name')).toHaveText('Avery Quinn');

  const link = linkIn(await lastTextTo(request, student.phone));
  expect(link.pathname).toBe(`/Fundraiser/${student.guid}`);
  expect(link.searchParams.get('delete')).toBeTruthy();
  await page.goto(`${link.pathname}${link.search}`);
  // Opening the link deletes nothing until the tap.
  await expect(card.getByText('Delete this page for good?')).toBeVisible();
  const button = card.getByRole('button', { name: 'Delete this page' });
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  await button.click();

  await expect(page.getByTestId('page-deleted')).toContainText('Your page is deleted');
  await expect(page.locator('.fp-student-name')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to the start page' })).toBeVisible();

  // Afterwards the page's address is a page that does not exist, said plainly.
  await page.goto(`/Fundraiser/${student.guid}`);
  await expect(page.getByRole('alert')).toHaveText('We could not find that fundraiser page. Please check the link.');
  await expect(page.getByText('Avery Quinn')).toHaveCount(0);
  // The used link opens nothing either.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('alert')).toHaveText('We could not find that fundraiser page. Please check the link.');
});
