import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { errorSummary } from './a11y';
import { fillBilling, fillBuyer } from './checkoutForm';
import { collectAlerts } from './dialogs';
import {
  changeCardOrder,
  confirmationLink,
  confirmPhoneByText,
  DEVICE,
  newPrivateStudentPage,
  newStudentPage,
  paidCashOrder,
  parentConsentLink,
  paidCashReceipt,
  unpaidCardOrder,
  unpaidCashCheckOrder,
} from './orders';
import { ADMIN_TOKEN, ports } from './stack';
import { lastTextTo, linkIn, newComplimentaryPurchase, newComplimentaryTicket } from './wallet';

// The accessibility sweep (e2e/tests/accessibility.spec.ts runs it): every declared route, in each
// state worth seeing (dialogs open, failed submits, empty and error states), as a phone (360 px)
// sees it. On each, axe-core's WCAG 2.2 A/AA rules plus its structural ones find nothing, and every
// visible target is at least 44×44 CSS px (support/a11y.ts).
//
// Its rows name the routes they check, in the declared routes' own words, so that a fast test
// (a11ySweep.test.ts, jest) fails naming any route of a remote's page table, or of the shell, that
// has no row here: a page added is a row added.

const SAMPLE_TICKET = 'a1a1a1a1-0000-4000-8000-000000000001';
const PURCHASE = '33333333-3333-4333-8333-333333333333';
const COMPLIMENTARY = '44444444-4444-4444-8444-444444444444';
const OPEN_TICKET = '55555555-5555-4555-8555-555555555555';
const ACTIVATED_TICKET = '22222222-2222-4222-8222-222222222223';

/** One page of spec §2 in one state, as a phone (360 px) sees it. */
export interface PageCase {
  /** What is on screen, for the test title. */
  name: string;
  /**
   * The declared route whose page the checks run on, exactly as its table writes it: a remote's
   * `src/pages.tsx` path ('/Order/:fdid'), or the shell's own (shell/src/routing/shellRoutes.ts:
   * '/Help', '/Admin/*', '*' for a page not found). The spec checks the page's address matches it.
   */
  route: string;
  /**
   * Where to go; a function when the page needs data made for it first, through the page's own
   * request context (page.request), so orders made there belong to the page's browser.
   */
  url: string | ((request: APIRequestContext) => Promise<string>);
  /** Shows once the page has loaded. */
  ready: (page: Page) => Locator;
  /**
   * Parts that load on their own after the page, with no spinner or placeholder to wait out; the
   * checks wait for them as well as for every spinner and placeholder to be gone.
   */
  loadsLater?: (page: Page) => Locator;
  /** Before loading the page. */
  before?: (page: Page) => Promise<void>;
  /** After loading: brings the page to the state under test (a dialog open, a failed submit). */
  then?: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
const button = (name: string | RegExp) => (page: Page) => page.getByRole('button', { name }).first();
/** The Team T-Shirt's bundle tiers, which the order form asks for after it shows (fundraiser 1's items). */
const bundleTiers = (page: Page) => page.getByRole('heading', { name: 'Bundles', exact: true });
/** Types a student's name on the order page and leaves the field, until the page says whom it counts for. */
async function typeStudentName(page: Page, firstName: string, lastName: string, answer: string | RegExp) {
  await page.getByLabel('Student first name').fill(firstName);
  await page.getByLabel('Student last name').fill(lastName);
  await page.getByLabel('Student last name').blur();
  await expect(page.getByRole('status').filter({ hasText: answer })).toBeVisible();
}

/** A new student page with reminders on, opened from the confirmation link texted to its phone. */
async function pageFromTextedLink(request: APIRequestContext): Promise<string> {
  const link = await confirmationLink(request, await newStudentPage(request, true));
  return link.pathname + link.search;
}

/** The student page's team leaderboard, which loads after the page and has no placeholder. */
const leaderboard = (page: Page) => page.getByRole('region', { name: 'Team leaderboard' });

/** A failed submit moves the focus to the error summary (GOV.UK pattern); keyboard.spec.ts presses Enter. */
async function submitAndExpectSummaryFocused(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await expect(errorSummary(page)).toBeFocused();
}

async function openTeamForm(page: Page) {
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Open team' }).click();
  await page.getByLabel('Photo url').waitFor();
}

export const pages: readonly PageCase[] = [
  // Selection
  { name: 'state list', route: '/', url: '/', ready: (page) => page.getByRole('link', { name: 'Texas' }) },
  {
    name: 'state list',
    route: '/SelectLocation',
    url: '/SelectLocation',
    ready: (page) => page.getByRole('link', { name: 'Texas' }),
  },
  {
    name: 'state list, give',
    route: '/Give',
    url: '/Give',
    ready: (page) => page.getByRole('link', { name: 'Texas' }),
  },
  {
    name: 'state list, donate',
    route: '/Donate',
    url: '/Donate',
    ready: (page) => page.getByRole('link', { name: 'Texas' }),
  },
  {
    name: 'state list, purchase',
    route: '/Purchase',
    url: '/Purchase',
    ready: (page) => page.getByRole('link', { name: 'Texas' }),
  },
  {
    name: 'state list, one item',
    route: '/Purchase/:pItemId',
    url: '/Purchase/11',
    ready: (page) => page.getByRole('link', { name: 'Texas' }),
  },
  {
    name: "state list, one item and a student's phone",
    route: '/Purchase/:pItemId/:pPhone',
    url: '/Purchase/11/5125550101',
    ready: (page) => page.getByRole('link', { name: 'Texas' }),
  },
  {
    name: 'schools of a state',
    route: '/SelectSchool/:location/:itemId/:phone',
    url: '/SelectSchool/Texas/0/0',
    ready: (page) => page.getByRole('list', { name: 'Schools' }).getByRole('link').first(),
  },
  {
    name: 'groups of a school',
    route: '/SelectTeam/:schoolId/:itemId/:phone',
    url: '/SelectTeam/1/0/0',
    ready: (page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').last(),
  },

  // Order
  {
    name: 'order page with bundles',
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/1/0/0',
    ready: button('Select'),
  },
  {
    name: 'order page, a bundle selected',
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/1/0/0',
    ready: button('Select'),
    then: async (page) => {
      await page.getByRole('listitem').filter({ hasText: 'Fan Pack' }).getByRole('button', { name: 'Select' }).click();
      await page.getByText('Fan Pack: bundle complete').waitFor();
    },
  },
  {
    name: 'order page, bundle preview dialog',
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/1/0/0',
    ready: button('Select'),
    then: async (page) => {
      await page.getByRole('button', { name: 'Preview' }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'order page, Show Selection dialog',
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/1/0/0',
    ready: button('Show Selection'),
    loadsLater: bundleTiers,
    then: async (page) => {
      await page.getByRole('button', { name: 'Show Selection' }).first().click();
      await page.getByRole('dialog').getByRole('img').waitFor();
    },
  },
  {
    name: 'order page after a failed submit, focus on the error summary',
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/1/0/0',
    ready: button('Continue to checkout'),
    loadsLater: bundleTiers,
    then: (page) => submitAndExpectSummaryFocused(page, 'Continue to checkout'),
  },
  {
    name: "order page, the typed name is one student's (issue 31)",
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/1/0/0',
    ready: button('Continue to checkout'),
    loadsLater: bundleTiers,
    then: (page) => typeStudentName(page, 'jordan', 'rivera', 'Supporting Jordan R.'),
  },
  {
    name: "order page, the typed name is no single student's: it counts for the team (issue 31)",
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/1/0/0',
    ready: button('Continue to checkout'),
    loadsLater: bundleTiers,
    then: (page) => typeStudentName(page, 'Sam', 'Nobody', /will count for the team/),
  },
  {
    name: 'order page for one item',
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/1/10/0',
    ready: button('Continue to checkout'),
    loadsLater: bundleTiers,
  },
  {
    name: 'order page, give (donation only)',
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/1/-2/0',
    ready: button('Continue to checkout'),
  },
  {
    name: 'order page, test mode with shipping',
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/6/0/0',
    ready: button('Continue to checkout'),
  },
  {
    name: 'inactive fundraiser with its team video',
    route: '/Order/:fundraiserId/:itemId/:phone',
    url: '/Order/2/0/0',
    ready: (page) => page.getByText('This fundraiser is no longer active.'),
  },
  {
    name: "a student's device link",
    route: '/Order/:fdid',
    url: `/Order/${DEVICE}`,
    ready: button('Continue to checkout'),
    loadsLater: bundleTiers,
  },
  {
    name: 'cash/check order',
    route: '/Order/:fdid/:cashcheck',
    url: `/Order/${DEVICE}/new`,
    ready: button('Continue to checkout'),
    loadsLater: bundleTiers,
  },
  {
    name: "a student's contact link",
    route: '/Order/Contact/:contactGuid',
    url: '/Order/Contact/66666666-6666-4666-8666-666666666666',
    ready: button('Continue to checkout'),
    loadsLater: bundleTiers,
  },
  {
    name: "a student's social link",
    route: '/Order/Social/:socialGuid',
    url: '/Order/Social/77777777-7777-4777-8777-777777777777',
    ready: button('Continue to checkout'),
    loadsLater: bundleTiers,
  },
  {
    name: 'editing an unpaid order',
    route: '/Order/Edit/:orderId',
    url: async (request) => `/Order/Edit/${await unpaidCardOrder(request)}`,
    ready: button('Continue to checkout'),
    loadsLater: bundleTiers,
  },
  {
    name: 'editing a paid order',
    route: '/Order/Edit/:orderId',
    url: async (request) => `/Order/Edit/${await paidCashOrder(request)}`,
    ready: (page) => page.getByText('This order has already been paid'),
  },

  // Checkout
  {
    name: 'checkout',
    route: '/Checkout/:orderId',
    url: async (request) => `/Checkout/${await unpaidCardOrder(request)}`,
    ready: button('Submit'),
  },
  {
    name: 'checkout with a delivery address',
    route: '/Checkout/:orderId',
    // Fundraiser 6 ships its goods: only an order that ships something has a delivery address.
    url: async (request) => `/Checkout/${await unpaidCardOrder(request, 6)}`,
    ready: button('Submit'),
    then: async (page) => {
      await page.getByLabel('Same as Billing Address').uncheck();
      await page.getByRole('group', { name: 'Delivery address' }).getByLabel('City').waitFor();
    },
  },
  {
    name: 'checkout after a failed submit, focus on the error summary',
    route: '/Checkout/:orderId',
    url: async (request) => `/Checkout/${await unpaidCardOrder(request)}`,
    ready: button('Submit'),
    then: (page) => submitAndExpectSummaryFocused(page, 'Submit'),
  },
  {
    name: 'checkout after the order changed in another tab: alert, notice and the new total',
    route: '/Checkout/:orderId',
    url: async (request) => `/Checkout/${await unpaidCardOrder(request)}`,
    ready: button('Submit'),
    then: async (page) => {
      const orderId = Number(new URL(page.url()).pathname.split('/').pop());
      await expect(page.getByTestId('checkout-total')).toHaveText('$68.00');
      await changeCardOrder(page.request, orderId, 2);
      await fillBilling(page, '4111111111111111');
      const alerts = collectAlerts(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByTestId('order-changed')).toContainText('its total is now $86.00');
      await expect(page.getByTestId('checkout-total')).toHaveText('$86.00');
      await expect
        .poll(() => alerts)
        .toEqual([
          'This order changed after it was shown to you: its total is now $86.00. Nothing was charged. Please check the order and submit again.',
        ]);
    },
  },
  {
    name: 'checkout in test mode',
    route: '/Checkout/:orderId',
    url: async (request) => `/Checkout/${await unpaidCardOrder(request, 6)}`,
    ready: heading('Checkout *TEST_MODE*'),
  },
  {
    name: 'checkout of a paid order',
    route: '/Checkout/:orderId',
    url: async (request) => `/checkout/${await paidCashOrder(request)}`,
    ready: (page) => page.getByText('This order has been paid.'),
    // This browser paid it: its receipt link comes after the page.
    loadsLater: (page) => page.getByRole('link', { name: 'View your receipt' }),
  },
  {
    name: 'cash/check checkout',
    route: '/CheckoutCashCheck/:orderId/:cashcheck',
    url: async (request) => {
      const orderId = await unpaidCashCheckOrder(request);
      return `/CheckoutCashCheck/${orderId}/${orderId}`;
    },
    ready: button('Submit'),
  },
  {
    name: 'cash/check checkout by check after a failed submit, focus on the error summary',
    route: '/CheckoutCashCheck/:orderId/:cashcheck',
    url: async (request) => {
      const orderId = await unpaidCashCheckOrder(request);
      return `/checkoutcashcheck/${orderId}/new`;
    },
    ready: button('Submit'),
    then: async (page) => {
      await page.getByRole('radio', { name: 'Check' }).check();
      await submitAndExpectSummaryFocused(page, 'Submit');
      await expect(page.getByLabel('Check number')).toBeVisible();
    },
  },
  {
    name: 'receipt',
    route: '/Receipt/:orderId',
    url: (request) => paidCashReceipt(request),
    ready: button('Print receipt'),
  },
  {
    name: 'find a receipt',
    route: '/Receipts',
    url: '/Receipts',
    ready: heading('Find a receipt'),
  },
  {
    name: 'find a receipt after a failed submit, focus on the error summary',
    route: '/Receipts',
    url: '/Receipts',
    ready: button('Find receipt'),
    then: (page) => submitAndExpectSummaryFocused(page, 'Find receipt'),
  },
  {
    name: 'find a receipt, none found',
    route: '/Receipts',
    url: '/Receipts',
    ready: button('Find receipt'),
    then: async (page) => {
      await page.getByLabel('Order number').fill('999999');
      await page.getByLabel('E-mail used').fill('nobody@example.com');
      await submitAndExpectSummaryFocused(page, 'Find receipt');
    },
  },

  // Fundraiser device pages
  {
    name: 'student page, reminders unanswered',
    route: '/Fundraiser/:fundraiserDeviceGuid',
    url: `/Fundraiser/${DEVICE}`,
    ready: (page) => page.getByTestId('orders-summary'),
    loadsLater: leaderboard,
  },
  {
    name: 'student page, reminders on, phone confirmed',
    route: '/Fundraiser/:fundraiserDeviceGuid',
    url: async (request) => {
      const student = await newStudentPage(request, true);
      await confirmPhoneByText(request, student);
      return `/Fundraiser/${student.guid}`;
    },
    ready: (page) => page.getByText('Text reminders are on.'),
    loadsLater: leaderboard,
    then: async (page) => {
      await expect(page.getByTestId('reminders-pending')).toHaveCount(0);
    },
  },
  {
    name: 'student page, reminders on, waiting for the phone to confirm',
    route: '/Fundraiser/:fundraiserDeviceGuid',
    url: async (request) => `/Fundraiser/${(await newStudentPage(request)).guid}`,
    ready: button('Continue'),
    loadsLater: leaderboard,
    then: async (page) => {
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByTestId('reminders-pending')).toContainText('We texted a link to');
      await expect(page.getByRole('button', { name: 'Text me the link again' })).toBeVisible();
    },
  },
  {
    name: 'student page from the texted link, Confirm your phone',
    route: '/Fundraiser/:fundraiserDeviceGuid',
    url: pageFromTextedLink,
    ready: (page) => page.getByRole('button', { name: 'Confirm', exact: true }),
    loadsLater: leaderboard,
    then: async (page) => {
      await expect(page.getByRole('heading', { name: 'Confirm your phone' })).toBeVisible();
    },
  },
  {
    name: 'student page from the texted link, phone confirmed',
    route: '/Fundraiser/:fundraiserDeviceGuid',
    url: pageFromTextedLink,
    ready: (page) => page.getByRole('button', { name: 'Confirm', exact: true }),
    loadsLater: leaderboard,
    then: async (page) => {
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(page.getByText('Your phone is confirmed. Text reminders will come to it.')).toBeVisible();
    },
  },
  {
    name: 'student page, reminders off, after Share',
    route: '/Fundraiser/:fundraiserDeviceGuid',
    url: async (request) => `/Fundraiser/${(await newStudentPage(request, false)).guid}`,
    before: async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    },
    ready: button('Enable Reminders'),
    loadsLater: leaderboard,
    then: async (page) => {
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByText('Link copied.').waitFor();
    },
  },
  // Issue 34 (COPPA): a private page, and a parent's texted link.
  {
    name: 'student page made without the age answer: the question first',
    route: '/Fundraiser/:fundraiserDeviceGuid',
    url: async (request) => `/Fundraiser/${(await newPrivateStudentPage(request, 'unanswered')).guid}`,
    ready: button('Yes'),
    then: async (page) => {
      await expect(page.getByRole('heading', { name: 'Is the student 13 or older?' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
    },
  },
  {
    name: "student page under 13, a parent's number refused",
    route: '/Fundraiser/:fundraiserDeviceGuid',
    url: async (request) => `/Fundraiser/${(await newPrivateStudentPage(request)).guid}`,
    ready: (page) => page.getByLabel("Parent's mobile number"),
    then: async (page) => {
      await page.getByRole('button', { name: 'Text the parent a link' }).click();
      await expect(page.getByRole('alert')).toContainText('Please enter a valid 10-digit phone number.');
    },
  },
  {
    name: "a parent's texted link, before Confirm",
    route: '/ParentConsent/:token',
    url: async (request) => {
      const link = await parentConsentLink(request, (await newPrivateStudentPage(request)).guid);
      return link.pathname;
    },
    ready: button('Confirm'),
  },
  {
    name: "a parent's texted link, confirmed",
    route: '/ParentConsent/:token',
    url: async (request) => (await parentConsentLink(request, (await newPrivateStudentPage(request)).guid)).pathname,
    ready: button('Confirm'),
    then: async (page) => {
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByRole('status')).toContainText('page is confirmed');
    },
  },
  {
    name: "a student's orders",
    route: '/FundraiserOrders/:fdid',
    url: `/FundraiserOrders/${DEVICE}`,
    ready: (page) => page.getByTestId('device-order').first(),
  },
  {
    name: 'my fundraisers, phone not confirmed on this device',
    route: '/Fundraisers/:fdid',
    url: `/Fundraisers/${DEVICE}`,
    ready: button('Change'),
    then: async (page) => {
      await expect(page.getByRole('button', { name: 'Text me a confirmation link' })).toBeVisible();
    },
  },
  {
    name: 'my fundraisers, confirmation link texted',
    route: '/Fundraisers/:fdid',
    url: async (request) => `/Fundraisers/${(await newStudentPage(request)).guid}`,
    ready: button('Text me a confirmation link'),
    then: async (page) => {
      await page.getByRole('button', { name: 'Text me a confirmation link' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'We texted a link to' })).toBeVisible();
    },
  },

  // Ticket and offers
  {
    name: 'offers of the sample ticket',
    route: '/MyOffers/:sessionGuid',
    url: `/MyOffers/${SAMPLE_TICKET}`,
    ready: (page) => page.getByTestId('offer').first(),
  },
  {
    name: 'ticket preview',
    route: '/TicketPreview/:fundraiserId',
    url: '/TicketPreview/1',
    ready: (page) => page.getByTestId('offer').first(),
  },
  {
    name: 'ticket of the sample',
    route: '/MyTicket/:guid',
    url: `/MyTicket/${SAMPLE_TICKET}`,
    ready: (page) => page.getByRole('img', { name: /photo 1/ }),
  },
  {
    name: 'team links of the sample',
    route: '/MyTeam/:guid',
    url: `/MyTeam/${SAMPLE_TICKET}`,
    ready: heading(/Resources$/),
  },
  {
    name: 'activate a ticket',
    route: '/ActivateTicket/:guid',
    url: `/ActivateTicket/${OPEN_TICKET}`,
    ready: (page) => page.getByLabel('Phone number'),
  },
  {
    name: 'activate a ticket, phone too short',
    route: '/ActivateTicket/:guid',
    url: `/ActivateTicket/${OPEN_TICKET}`,
    ready: (page) => page.getByLabel('Phone number'),
    then: async (page) => {
      await page.getByLabel('Phone number').fill('512555');
      await page.getByText('Please enter a valid 10-digit phone number.').waitFor();
    },
  },
  {
    name: 'reactivate a ticket',
    route: '/ReactivateTicket/:guid',
    url: `/ReactivateTicket/${ACTIVATED_TICKET}`,
    ready: (page) => page.getByLabel('Phone number'),
  },
  {
    name: 'activation confirmation',
    route: '/ActivateTicket/:guid/Confirmation/:phoneNumber?',
    url: `/ActivateTicket/${OPEN_TICKET}/Confirmation/5125550199`,
    ready: (page) => page.getByText('We texted a link to (512) 555-0199.'),
  },
  {
    name: 'activation confirmation without a phone',
    route: '/ActivateTicket/:guid/Confirmation/:phoneNumber?',
    url: `/ActivateTicket/${OPEN_TICKET}/Confirmation`,
    ready: (page) => page.getByRole('link', { name: 'Send the link again' }),
  },
  {
    name: 'register a device without the texted link',
    route: '/ActivateTicket/:guid/RegisterDevice/:phoneNumber?',
    url: `/ActivateTicket/${OPEN_TICKET}/RegisterDevice/5125550199`,
    ready: (page) => page.getByRole('link', { name: 'Send a link' }),
  },
  {
    name: 'register a device from the ticket link its buyer texted',
    route: '/ActivateTicket/:guid/RegisterDevice/:phoneNumber?',
    url: async (request) => {
      const { purchase, session } = await newComplimentaryPurchase(request);
      const phone = '5125550167';
      const shared = await request.get(
        `/api/Tickets/ShareTicketPurchase?ticketPurchaseGuid=${purchase}&phoneNumber=${phone}&ticketPurchaseSessionGuid=${session}`,
      );
      expect(shared.ok()).toBe(true);
      const link = linkIn(await lastTextTo(request, phone));
      return link.pathname + link.search;
    },
    ready: button('Register This Device'),
  },
  {
    name: 'purchases, tickets activated',
    route: '/ManageDiscounts/:ticketPurchaseGuid',
    url: `/ManageDiscounts/${PURCHASE}`,
    ready: (page) => page.getByTestId('purchased-ticket').nth(1),
  },
  {
    name: 'purchases, complimentary',
    route: '/ManageDiscounts/:ticketPurchaseGuid',
    url: `/ManageDiscounts/${COMPLIMENTARY}`,
    ready: (page) => page.getByTestId('purchased-ticket'),
  },
  {
    name: 'purchases, send link refused',
    route: '/ManageDiscounts/:ticketPurchaseGuid',
    url: `/ManageDiscounts/${COMPLIMENTARY}`,
    ready: (page) => page.getByTestId('purchased-ticket'),
    then: async (page) => {
      await page.getByLabel('Phone number').fill('512555');
      await page.getByRole('button', { name: 'Send Link to Phone' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'purchases, none found',
    route: '/ManageDiscounts/:ticketPurchaseGuid',
    url: '/ManageDiscounts/99999999-9999-4999-8999-999999999999',
    ready: (page) => page.getByText('Sorry, there are no digital items associated located here :/'),
  },
  {
    name: 'team form, admin token',
    route: '/Team/:ticketId',
    url: '/Team/1',
    ready: (page) => page.getByLabel('Admin token'),
  },
  {
    name: 'team form, token refused',
    route: '/Team/:ticketId',
    url: '/Team/1',
    ready: (page) => page.getByLabel('Admin token'),
    then: async (page) => {
      await page.getByLabel('Admin token').fill('wrong');
      await page.getByRole('button', { name: 'Open team' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  {
    name: 'team form',
    route: '/Team/:ticketId',
    url: '/Team/1',
    ready: (page) => page.getByLabel('Admin token'),
    then: openTeamForm,
  },
  {
    name: 'team form after a failed save, focus on the error summary',
    route: '/Team/:ticketId',
    url: '/Team/1',
    ready: (page) => page.getByLabel('Admin token'),
    then: async (page) => {
      await openTeamForm(page);
      await page.getByLabel('Link 1').fill('');
      await submitAndExpectSummaryFocused(page, 'Save');
    },
  },

  // Shell
  { name: 'help', route: '/Help', url: '/Help', ready: heading('How Can We Help') },
  {
    name: 'help, other help open',
    route: '/Help',
    url: '/Help',
    ready: heading('How Can We Help'),
    then: async (page) => {
      await page.getByText('Other help').click();
      await page.getByText('Call support:').waitFor();
    },
  },
  // The /Admin routes send staff to the external admin app; an /Admin address naming no admin page
  // is the one page of theirs drawn here (admin.spec.ts follows the redirects).
  {
    name: 'an admin address with no admin page',
    route: '/Admin/*',
    url: '/Admin/Nope',
    ready: heading('Page not found'),
  },
  { name: 'page not found', route: '*', url: '/no-such-page', ready: heading('Page not found') },
  { name: 'page not found in a remote', route: '*', url: '/MyOffers', ready: heading('Page not found') },
  {
    name: 'a remote that fails to load',
    route: '/FundraiserOrders/:fdid',
    url: `/FundraiserOrders/${DEVICE}`,
    before: async (page) => {
      await page.route(`http://localhost:${ports.fundraiser}/**`, (route) => route.abort());
    },
    ready: button('Retry'),
  },
];

/**
 * A journey that reaches pages a plain address cannot (a receipt after paying, a redemption's
 * proof) and runs the checks on each as it goes: `check(route)` names the declared route of the
 * page on screen. The spec runs the checks there and requires the routes checked to be `routes`,
 * in order, so what the fast test reads here is what the journey did.
 */
export interface Journey {
  name: string;
  routes: readonly string[];
  run: (page: Page, request: APIRequestContext, check: (route: string) => Promise<void>) => Promise<void>;
}

export const journeys: readonly Journey[] = [
  {
    name: "receipts that lead on: a ticket buyer's, tickets first; a recorded cash sale's, the way back",
    routes: [
      '/Receipt/:orderId',
      '/Order/:fdid/:cashcheck',
      '/CheckoutCashCheck/:orderId/:cashcheck',
      '/Receipt/:orderId',
    ],
    run: async (page, _request, check) => {
      // A ticket buyer's receipt: paid by card at 360 px.
      await page.goto('/Order/1/0/0');
      await page.getByLabel('Student first name').fill('Jordan');
      await page.getByLabel('Student last name').fill('Rivera');
      await page.getByRole('button', { name: 'Add one Digital Discount Card' }).click();
      await page.getByRole('button', { name: 'Continue to checkout' }).click();
      await page.getByRole('heading', { level: 1, name: /^Checkout/ }).waitFor();
      await fillBilling(page, '4111111111111111', '5125550177');
      await page.getByRole('button', { name: /^Submit payment of / }).click();
      await page.getByRole('link', { name: 'Open your digital tickets' }).waitFor();
      await check('/Receipt/:orderId');

      // A cash sale recorded on the student's page: its order page, its checkout, then its receipt.
      await page.goto(`/Order/${DEVICE}/new`);
      await page.getByText('Recording a cash or check sale for Jordan R.').waitFor();
      await bundleTiers(page).waitFor();
      await check('/Order/:fdid/:cashcheck');
      await page.getByRole('button', { name: 'Add one Chocolate Chip' }).click();
      await page.getByRole('button', { name: 'Continue to checkout' }).click();
      await page.getByRole('heading', { level: 1, name: 'Cash / Check Order' }).waitFor();
      await page.getByRole('radio', { name: 'Cash' }).check();
      await check('/CheckoutCashCheck/:orderId/:cashcheck');
      await fillBuyer(page, '(512) 555-0188');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('link', { name: 'Record another sale' }).waitFor();
      await check('/Receipt/:orderId');
    },
  },
  {
    name: 'the wallet of an activated ticket: confirmation, register, offers, redeem dialog, ticket, team',
    routes: [
      '/ActivateTicket/:guid/Confirmation/:phoneNumber?',
      '/ActivateTicket/:guid/RegisterDevice/:phoneNumber?',
      '/MyOffers/:sessionGuid',
      '/MyOffers/:sessionGuid/Redeem/:ticketOfferId',
      '/MyOffers/:sessionGuid/Redeem/:ticketOfferId',
      '/MyOffers/:sessionGuid/Redeem/:ticketOfferId',
      '/MyOffers/:sessionGuid/Redeem/:ticketOfferId',
      '/MyOffers/:sessionGuid/History',
      '/MyTicket/:guid',
      '/MyTeam/:guid',
    ],
    run: async (page, request, check) => {
      // A ticket of its own, so the other journeys keep the demo tickets as they are.
      const session = await newComplimentaryTicket(request);
      const phone = '5125550166';
      await page.goto(`/ActivateTicket/${session}`);
      await page.getByLabel('Phone number').fill(phone);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(/Confirmation/);
      // The URL changes before React renders the new route: wait for the confirmation itself.
      await page.getByRole('heading', { level: 1, name: 'Check Your Phone' }).waitFor();
      await check('/ActivateTicket/:guid/Confirmation/:phoneNumber?');
      const link = linkIn(await lastTextTo(request, phone));
      await page.goto(link.pathname + link.search);
      await page.getByRole('button', { name: 'Register This Device' }).waitFor();
      await check('/ActivateTicket/:guid/RegisterDevice/:phoneNumber?');
      await page.getByRole('button', { name: 'Register This Device' }).click();
      await page.getByTestId('offer').first().waitFor();
      await check('/MyOffers/:sessionGuid');
      // The five-use offer: its proof, and the second question when it is used again at once.
      await page.getByTestId('offer').nth(1).click();
      await page.getByRole('button', { name: 'Redeem' }).waitFor();
      await check('/MyOffers/:sessionGuid/Redeem/:ticketOfferId');
      await page.getByRole('button', { name: 'Redeem' }).click();
      await page.getByRole('dialog').waitFor();
      await check('/MyOffers/:sessionGuid/Redeem/:ticketOfferId');
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('dialog', { name: 'Redemption proof' }).waitFor();
      await check('/MyOffers/:sessionGuid/Redeem/:ticketOfferId');
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Redeem' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('dialog', { name: 'Redeem again?' }).waitFor();
      await check('/MyOffers/:sessionGuid/Redeem/:ticketOfferId');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.goto(`/MyOffers/${session}/History`);
      await page.getByTestId('used-offer').waitFor();
      await check('/MyOffers/:sessionGuid/History');
      await page.goto(`/MyTicket/${session}/`);
      await page.getByRole('img', { name: /photo 1/ }).waitFor();
      await check('/MyTicket/:guid');
      await page.goto(`/MyTeam/${session}/`);
      await page.getByRole('heading', { name: /Resources$/ }).waitFor();
      await check('/MyTeam/:guid');
    },
  },
];

/** Every route the sweep checks, a page case's or a journey's. */
export const sweptRoutes = (): Set<string> =>
  new Set([...pages.map((row) => row.route), ...journeys.flatMap((journey) => journey.routes)]);

/**
 * Whether a declared route ('/Order/:fdid', '/ActivateTicket/:guid/Confirmation/:phoneNumber?',
 * '/Admin/*', '*') matches a page's path, as React Router matches it: in any case, a trailing slash
 * allowed, a ':name' one segment, ':name?' one or none, '*' the rest.
 */
export function routeMatches(route: string, pathname: string): boolean {
  const pattern = route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${pattern}/?$`, 'i').test(pathname);
}
