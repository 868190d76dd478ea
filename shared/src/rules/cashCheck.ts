import {
  CASH_CHECK_BUTTON_IGNORED_ITEM_IDS,
  CASH_CHECK_EXCLUDED_ITEM_ID,
  CHECKOUT_MESSAGES,
  PAYMENT_TYPES,
} from '../contracts/constants';
// A type only: the server imports these rules without React.
import type { Translate } from '../i18n/translate';
import { hasLinkOrDomain, TYPED_TEXT_MESSAGES } from './typedText';
import { pageMessage } from '../i18n/current';

/** Whether an order was paid in cash or by check (a student took the money in hand), not by card. */
export function isCashOrCheck(paymentTypeId: number | null | undefined): boolean {
  return paymentTypeId === PAYMENT_TYPES.cash || paymentTypeId === PAYMENT_TYPES.check;
}

/** Spec §6: only options of this type may be paid by cash or check. */
export const CASH_CHECK_OPTION_TYPE_ID = 0;

/** Spec §6: a cash/check order holds no item 43 and only options of type 0. */
export function cashCheckAllows(line: { itemId: number; itemOptionTypeId: number }): boolean {
  return line.itemId !== CASH_CHECK_EXCLUDED_ITEM_ID && line.itemOptionTypeId === CASH_CHECK_OPTION_TYPE_ID;
}

/**
 * Spec §6: the student page offers 'New Order (Cash / Check)?' only when an item other than 43, 44
 * or 46 has an option of type 0.
 */
export function offersCashCheckOrder(items: readonly { itemId: number; optionTypeIds: readonly number[] }[]): boolean {
  return items.some(
    (item) =>
      !CASH_CHECK_BUTTON_IGNORED_ITEM_IDS.includes(item.itemId) &&
      item.optionTypeIds.includes(CASH_CHECK_OPTION_TYPE_ID),
  );
}

/** What a check number may be: letters and digits, with spaces, `#`, `.`, `/` or `-` between them. */
const CHECK_NUMBER = /^[\p{L}\p{N}](?:[\p{L}\p{N} #./-]*[\p{L}\p{N}])?$/u;

/**
 * What is wrong with a check number as typed, or undefined: spec §5's message when blank, and
 * "the check number only" for anything else than a number's characters (the receipt shows it, so
 * it must not carry a sentence or a web address).
 */
export function checkNumberProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return CHECKOUT_MESSAGES.checkNumber;
  if (!CHECK_NUMBER.test(trimmed) || hasLinkOrDomain(trimmed)) return TYPED_TEXT_MESSAGES.checkNumber;
  return undefined;
}

/**
 * What a student's order page and its cash/check checkout say while a sale is recorded there
 * (issue 31): "Recording a cash or check sale for Jordan R." (`studentShortName`).
 */
export function recordingSaleLine(studentName: string, t: Translate = pageMessage): string {
  if (!studentName) return t('shared.recordingSale.noStudent');
  // The initial's period ends the sentence too: the message's own period stands for it.
  return t('shared.recordingSale.forStudent', { student: studentName.replace(/\.$/, '') });
}
