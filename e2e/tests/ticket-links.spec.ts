import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/a11y';
import { linkIn, newComplimentaryPurchase, textsTo } from '../support/wallet';

// Issue 31, tickets in hand: the link a buyer texts opens the ticket ready to register on the phone
// that opens it, with no number to type and no second text, and on that phone only.

const FRIEND = '5125550161';

test('a ticket opened from its texted link registers with no second text, once', async ({ page, browser, request }) => {
  const { purchase, session } = await newComplimentaryPurchase(request);
  await page.goto(`/ManageDiscounts/${purchase}`);
  const ticket = page.getByTestId('purchased-ticket');
  await ticket.getByLabel('Phone number').fill(FRIEND);
  await ticket.getByRole('button', { name: 'Send Link to Phone' }).click();
  await expect(ticket.getByRole('status')).toHaveText('Ticket 1 of 1 was sent to (512) 555-0161.');

  const [text] = await textsTo(request, FRIEND);
  expect(text).toMatch(/^Lincoln High School Varsity Football: you have a Lincoln Lions Discount Card digital ticket!/);
  const link = linkIn(text!);
  expect(link.pathname).toBe(`/activateticket/${session}`);
  expect(link.searchParams.get('code')).toMatch(/^[\w-]{24,}$/);

  // The friend's phone: a browser of its own.
  const phone = await browser.newContext();
  const friend = await phone.newPage();
  await friend.goto(link.pathname + link.search);
  const register = friend.getByRole('button', { name: 'Register This Device' });
  await expect(register).toBeVisible();
  await expect(friend.getByLabel('Phone number')).toHaveCount(0);
  await expectNoAxeViolations(friend);
  await register.click();
  await expect(friend).toHaveURL(new RegExp(`/MyOffers/${session}/?$`));
  await expect(friend.getByTestId('offer')).toHaveCount(3);
  expect(await textsTo(request, FRIEND)).toHaveLength(1);

  // The buyer's page now says who holds it, and sends it no more.
  await page.reload();
  await expect(ticket).toContainText('Ticket Redeemed by (512) 555-0161');
  await expect(ticket.getByRole('button', { name: 'Send Link to Phone' })).toBeDisabled();

  // The same link on another phone: refused, the ticket stays where it is.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(link.pathname + link.search);
  await expect(stranger.getByRole('alert')).toHaveText(
    'This activation link has already been used or replaced by a newer one. Please ask for a new link.',
  );
  await expect(stranger.getByRole('button', { name: 'Register This Device' })).toHaveCount(0);
  const refused = await stranger.request.post('/api/Tickets/RedeemLink', {
    data: { ticketPurchaseSessionGuid: session, code: link.searchParams.get('code') },
  });
  expect(refused.status()).toBe(409);
  await stranger.goto(`/MyOffers/${session}/`);
  await expect(stranger).toHaveURL(new RegExp(`/ReactivateTicket/${session}$`));
  await friend.reload();
  await expect(friend.getByTestId('offer')).toHaveCount(3);
  await phone.close();
  await other.close();
});
