import { expect, test } from '@playwright/test';

test.describe('choosing a fundraiser', () => {
  test('walks from the state list to a group order page on real data', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: "Select Fundraiser's State" })).toBeVisible();
    await expect(page.getByText('Fueled by Fundraising University')).toBeVisible();

    await page.getByRole('link', { name: 'Texas' }).click();
    await expect(page).toHaveURL(/\/SelectSchool\/Texas\/0\/0$/);
    await expect(page.getByRole('heading', { name: "Select Fundraiser's School" })).toBeVisible();

    await page.getByRole('list', { name: 'Schools' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/SelectTeam\/\d+\/0\/0$/);
    await expect(page.getByRole('heading', { name: 'Select Group' })).toBeVisible();

    const group = page.getByRole('list', { name: 'Groups' }).getByRole('link').first();
    const href = await group.getAttribute('href');
    expect(href).toMatch(/^\/Order\/\d+\/0\/0$/);
    await group.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    // Order pages have no site header; the footer stays.
    await expect(page.getByText('Fueled by Fundraising University')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Help & Support' })).toBeVisible();
  });

  test('the breadcrumb on Select Group steps back through history', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Texas' }).click();
    await page.getByRole('list', { name: 'Schools' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Select Group' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Texas' }).click();
    await expect(page.getByRole('heading', { name: "Select Fundraiser's State" })).toBeVisible();
  });

  test('the inactive fundraiser says so', async ({ page }) => {
    await page.goto('/Order/2/0/0');
    await expect(page.getByText('This fundraiser is no longer active. Thank you for your support.')).toBeVisible();
  });

  test('Help and 404 live in the shell', async ({ page }) => {
    await page.goto('/Help');
    await expect(page.getByRole('heading', { name: 'How Can We Help' })).toBeVisible();
    await expect(page.getByText('Fueled by Fundraising University')).toHaveCount(0);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Fueled by Fundraising University')).toBeVisible();
  });
});
