import { expect, test } from '@playwright/test';
import { errorSummary, expectVisibleFocus, MIN_TARGET } from '../support/a11y';
import { tabAndType, tabTo } from '../support/keyboard';
import { unpaidCardOrder } from '../support/orders';

// Journeys with page.keyboard only: Tab, Shift+Tab, Enter, Space and typing. Locators name the
// element the keyboard should reach; nothing is clicked, filled or focused by script.
test.describe('keyboard alone', () => {
  test('the first Tab shows a full-size Skip to content link that skips the header', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Texas' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    expect((await skip.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    // Past the header's home link, straight to the page's first link.
    await expect(page.getByRole('list', { name: 'States' }).getByRole('link').first()).toBeFocused();
  });

  test('an order: state, school and group by keyboard, then items and Continue to checkout', async ({ page }) => {
    await page.goto('/');
    const texas = page.getByRole('link', { name: 'Texas' });
    await tabTo(page, texas);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/SelectSchool\/Texas\/0\/0$/);

    await tabTo(page, page.getByRole('list', { name: 'Schools' }).getByRole('link', { name: 'Lincoln High School' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/SelectTeam\/1\/0\/0$/);

    const group = page.getByRole('list', { name: 'Groups' }).getByRole('link', { name: 'Varsity Football' });
    await tabTo(page, group);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Order\/1\/0\/0$/);
    // A page the app drew names the tab itself: not the group list's title, kept from before (2.4.2).
    await expect(page).toHaveTitle('Support Varsity Football at Lincoln High School | Fundraising University');

    // A failed Continue first: the focus lands on the error summary.
    const firstName = page.getByLabel('Student first name');
    await firstName.waitFor();
    const continueButton = page.getByRole('button', { name: 'Continue to checkout' });
    await tabTo(page, continueButton);
    await page.keyboard.press('Enter');
    await expect(errorSummary(page)).toBeFocused();

    // From the summary, on through the form in order.
    await tabTo(page, firstName);
    await expectVisibleFocus(page);
    await page.keyboard.type('Jordan');
    await tabAndType(page, page.getByLabel('Student last name'), 'Rivera');

    const addCookie = page.getByRole('button', { name: 'Add one Chocolate Chip' });
    await tabTo(page, addCookie);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expect(page.getByRole('status', { name: 'Chocolate Chip quantity' })).toHaveText('2');
    await expect(page.getByTestId('order-total')).toHaveText('$36.00');
    // One back with Shift+Tab: the minus button takes one off again.
    await tabTo(page, page.getByRole('button', { name: 'Remove one Chocolate Chip' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('order-total')).toHaveText('$18.00');

    await tabTo(page, continueButton);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout\/\d+$/);
  });

  test('a card checkout: a failed submit, then billing and card by Tab, Submit, the receipt', async ({ page }) => {
    // Fundraiser 6 ships its goods, so its checkout has the delivery address and its checkbox.
    await page.goto(`/Checkout/${await unpaidCardOrder(page.request, 6)}`);
    const submit = page.getByRole('button', { name: 'Submit' });
    await tabTo(page, submit);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(errorSummary(page)).toBeFocused();

    const billing = page.getByRole('group', { name: 'Billing address' });
    await tabTo(page, billing.getByLabel('First name'));
    await expectVisibleFocus(page);
    await page.keyboard.type('Casey');
    await tabAndType(page, billing.getByLabel('Last name'), 'Morgan');
    await tabAndType(page, billing.getByLabel('Email'), 'casey@example.com');
    await tabAndType(page, billing.getByLabel('Phone'), '512-555-0188');
    await tabAndType(page, billing.getByLabel('Address', { exact: true }), '1 Main St');
    await tabAndType(page, billing.getByLabel('Address 2 (optional)'), '');
    await tabAndType(page, billing.getByLabel('Country'), '');
    // A focused select takes type-ahead: typing the name picks the state.
    await tabAndType(page, billing.getByLabel('State'), 'Texas');
    await expect(billing.getByLabel('State')).toHaveValue('TX');
    await tabAndType(page, billing.getByLabel('City'), 'Austin');
    await tabAndType(page, billing.getByLabel('Zip code'), '78701');
    // Same as Billing Address stays checked: Tab passes it, focus ring and all.
    const same = page.getByLabel('Same as Billing Address');
    await tabTo(page, same, { max: 1 });
    await expectVisibleFocus(page);
    await expect(same).toBeChecked();

    await tabAndType(page, page.getByLabel('Name on card'), 'Casey Morgan');
    await tabAndType(page, page.getByLabel('Card number'), '4111111111111111');
    await tabAndType(page, page.getByLabel('Month (MM)'), '12');
    await tabAndType(page, page.getByLabel('Year (YYYY)'), '2030');
    await tabAndType(page, page.getByLabel('CVV'), '123');
    await tabTo(page, submit, { max: 1 });
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/Receipt\/\d+\?key=[\w-]+$/);
    await expect(page.getByText('Thank you, Casey!')).toBeVisible();
    await expect(page.getByText(/Visa ending in 1111/)).toBeVisible();
    await expect(page.getByTestId('receipt-total')).toHaveText('$68.00');
  });
});
