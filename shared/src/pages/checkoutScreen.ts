// The checkout's first screen in words (remote-checkout CheckoutPage, OrderSummary, CoverFeesBox,
// PaidOrder), kept here since the server painted its own copy of them (it renders the checkout's own
// components now, issue 33).
import type { OrderView } from '../contracts/fundraisers';
// A type only: the server imports these pages' words without React.
import type { Translate } from '../i18n/translate';
import { CONVENIENCE_FEE_PERCENT } from '../contracts/constants';
import { COVERED_FEE_LABEL } from '../rules/receiptStatement';
import { STUDENT_CREDIT_MESSAGES } from '../rules/studentMatch';
import { formatCents } from '../tokens/money';
import { CHECKOUT_HEADING } from './firstScreens';
import { pageMessage } from '../i18n/current';

/** The checkout's heading, in the page's language (`t`: useT): a test-mode order says so. */
export const checkoutHeading = (testMode: boolean, t: Translate = pageMessage) =>
  testMode ? `${t(CHECKOUT_HEADING)} *TEST_MODE*` : t(CHECKOUT_HEADING);

/** What a paid order's checkout says first (Back after paying). */
export const ORDER_PAID_MESSAGE = 'This order has been paid. Thank you for your support!';

export const ORDER_SUMMARY_CAPTION = 'Order summary';

/** The order page that edits an unpaid order's lines. */
export const orderEditPath = (orderId: number) => `/Order/Edit/${orderId}`;

type SummaryOrder = Pick<OrderView, 'fundraiserOrderItems' | 'shippingTotal' | 'donation' | 'orderTotal'>;

/** One row of the order summary's table. */
export interface OrderSummaryRow {
  key: string;
  label: string;
  /** The quantity column's text ('' for a row without one). */
  qty: string;
  price: string;
  /** What the row's Edit link names to a screen reader ("Edit Cookie Dough"); no link without it. */
  edits?: string;
  /** The price cell's test id, for the fee rows. */
  priceTestId?: string;
}

/**
 * The summary's rows: each option bought, shipping, the donation, the cash/check convenience fee
 * and the processing fee the supporter chose to cover (each of the last two only when there is one).
 * Its words in the page's language (`t`: useT).
 */
export function orderSummaryRows(
  order: SummaryOrder,
  { convenienceFee = 0, coveredFee = 0 }: { convenienceFee?: number; coveredFee?: number } = {},
  t: Translate = pageMessage,
): OrderSummaryRow[] {
  const rows: OrderSummaryRow[] = order.fundraiserOrderItems.flatMap((item) =>
    item.fundraiserOrderItemOptions
      .filter((option) => option.qty > 0)
      .map((option) => ({
        key: `option-${option.itemOptionId}`,
        label: `${item.messageTextName}: ${option.name}`,
        qty: String(option.qty),
        price: formatCents(option.qty * option.price),
        edits: option.name,
      })),
  );
  if (order.shippingTotal > 0) {
    rows.push({
      key: 'shipping',
      label: t('shared.summary.shipping'),
      qty: '',
      price: formatCents(order.shippingTotal),
    });
  }
  if (order.donation > 0) {
    rows.push({
      key: 'donation',
      label: t('shared.summary.donation'),
      qty: '1',
      price: formatCents(order.donation),
      edits: t('shared.summary.donationEdits'),
    });
  }
  if (convenienceFee > 0) {
    rows.push({
      key: 'convenience',
      label: t('shared.summary.convenienceFee', { percent: CONVENIENCE_FEE_PERCENT }),
      qty: '',
      price: formatCents(convenienceFee),
      priceTestId: 'convenience-fee',
    });
  }
  if (coveredFee > 0) {
    rows.push({
      key: 'covered',
      label: t(COVERED_FEE_LABEL),
      qty: '',
      price: formatCents(coveredFee),
      priceTestId: 'covered-fee',
    });
  }
  return rows;
}

/** The summary's total: the order's, with the fees the rows add. */
export const orderSummaryTotal = (
  order: Pick<OrderView, 'orderTotal'>,
  { convenienceFee = 0, coveredFee = 0 }: { convenienceFee?: number; coveredFee?: number } = {},
) => formatCents(order.orderTotal + convenienceFee + coveredFee);

/** The cover-fees box's words, in the page's language (`t`: useT): what ticking it adds and why (issue 19). */
export const coverFeesLabel = (
  order: Pick<OrderView, 'coverFeesAmount' | 'teamName' | 'orderTotal'>,
  t: Translate = pageMessage,
) =>
  t('shared.coverFees.label', {
    fee: formatCents(order.coverFeesAmount),
    team: order.teamName,
    total: formatCents(order.orderTotal),
  });

/**
 * Whom the order counts for, before it is paid (issue 31): "Supporting Jordan R." for an order
 * credited to a student's page, else that it counts for the team and the coach sees the name typed.
 */
export const orderCreditLine = (
  order: Pick<OrderView, 'creditedStudent' | 'studentFirstName' | 'studentLastName'>,
  t: Translate = pageMessage,
): string =>
  order.creditedStudent
    ? STUDENT_CREDIT_MESSAGES.supporting(order.creditedStudent, t)
    : STUDENT_CREDIT_MESSAGES.countsForTeam(`${order.studentFirstName} ${order.studentLastName}`.trim(), t);
