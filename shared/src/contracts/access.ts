// Messages of the access rules (docs/security.md), shared by the API and the pages that show them.
import { formatCents } from '../tokens/money';

export const ACCESS_MESSAGES = {
  /**
   * Every order call without the order's secret (the buyer cookie of the browser that made it):
   * the same words whether the order exists or not.
   */
  orderNotFound: 'We could not find that order on this device. An order opens only in the browser it was started in.',
  /** Phone-number calls: one answer whether the number is known or not. */
  phoneLinksSent: 'If this number has fundraiser pages with us, we have texted their links to it.',
  phoneReceiptsSent: 'If this number has paid orders with us, we have texted their receipt links to it.',
  /** Every text of every kind to one phone counts against one daily budget. */
  tooManyTexts: 'Too many texts to this phone number today. Please try again tomorrow.',
  /** The site sent as many texts today as it may send in a day (SMS_DAILY_CAP), to anyone. */
  dailyTextCap: 'We have sent as many texts as we can today. Please try again tomorrow.',
  tooManyPages: 'Too many fundraiser pages were made for this phone number today. Please try again tomorrow.',
  /** The phone replied STOP to our texts (issue 34): nothing is texted to it until it replies START. */
  optedOut:
    'This phone number replied STOP to our texts, so we send it none. Reply START to one of our texts to get them again.',
  /** Issue 34 (COPPA): a younger student's page before a parent confirmed it, or an unanswered one. */
  privatePage: 'This page is private until a parent confirms it from their own phone.',
} as const;

/** ProcessOrder: the order's total is not what the page showed, so nothing was charged. */
export function orderChangedMessage(totalCents: number): string {
  return (
    `This order changed after it was shown to you: its total is now ${formatCents(totalCents)}. ` +
    'Nothing was charged. Please check the order and submit again.'
  );
}
