import { firstCalls, parseRecordId, type Page } from '@fu/shared';
import { CheckoutPage } from './features/checkout';
import { CashCheckPage } from './features/cash-check';
import { ReceiptPage } from './features/receipt';
import { ReceiptLookupPage } from './features/receipt-lookup';

/** The checkout pages (spec §2 Checkout) and the receipt lookup: the one place each is declared. */
export const pages: readonly Page[] = [
  {
    path: '/Checkout/:orderId',
    element: <CheckoutPage />,
    // An id no order can have makes no call: the page says not found at once.
    firstCalls: (p) => {
      const orderId = parseRecordId(p.orderId);
      return orderId === undefined ? [] : [firstCalls.order(orderId)];
    },
    holdersOnly: true,
  },
  { path: '/CheckoutCashCheck/:orderId/:cashcheck', element: <CashCheckPage /> },
  { path: '/Receipt/:orderId', element: <ReceiptPage /> },
  // Its form names its fields (the order number, the e-mail): before the app runs, a served copy would
  // send them in a GET's address. The browser draws it.
  { path: '/Receipts', element: <ReceiptLookupPage />, serverRenders: false },
];
