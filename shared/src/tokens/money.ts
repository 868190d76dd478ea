// A type only: the server imports money without React.
import type { Translate } from '../i18n/translate';
import { pageMessage } from '../i18n/current';
import { groupThousands } from './groupThousands';

// Written out rather than with Intl.NumberFormat: a page's first Intl formatter loads the locale
// data, about 20 ms of main thread on a desktop (4 times that on a phone), and it was made while
// @fu/shared loaded, on every page (issue 20). toLocaleString would build a formatter per call.

/** Integer cents as US dollars for display, as en-US writes them: 5000 → "$50.00", -123456 → "-$1,234.56". */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return String(cents);
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return `${sign}$${groupThousands(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * Goal progress in words (issue 9), in the page's language (`t`: useT): "$86.00 raised of $500.00
 * goal". The part students recorded as cash or check, taken by no card, is labelled wherever it
 * counts: "…goal, $18.00 of it in cash or checks".
 */
export function raisedOfGoal(
  raisedCents: number,
  goalCents: number,
  cashCheckCents = 0,
  t: Translate = pageMessage,
): string {
  const values = { raised: formatCents(raisedCents), goal: formatCents(goalCents) };
  return cashCheckCents > 0
    ? t('shared.progress.raisedOfGoalCashCheck', { ...values, cashCheck: formatCents(cashCheckCents) })
    : t('shared.progress.raisedOfGoal', values);
}
