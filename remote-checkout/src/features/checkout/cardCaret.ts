import { cardDigits, formatCardNumber } from '@fu/shared';

/** The caret position in `formatted` just after its `count`-th digit (0: the start). */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let at = 0; at < formatted.length; at++) {
    if (/\d/.test(formatted[at]!) && ++seen === count) return at + 1;
  }
  return formatted.length;
}

/**
 * A card number after an edit at `caret` in what was typed: grouped again, with the caret after the
 * same digits as before the regrouping, so typing or deleting mid-number does not send it to the
 * end. Deleting only a group's space deletes the digit beside it instead (the one before it, or
 * after it when `forward`, the Delete key); otherwise the space would come straight back.
 */
export function editCardNumber(
  previous: string,
  typed: string,
  caret: number,
  forward = false,
): { value: string; caret: number } {
  let digits = cardDigits(typed);
  let before = cardDigits(typed.slice(0, caret)).length;
  if (digits === cardDigits(previous) && typed.length < previous.length) {
    if (forward) digits = digits.slice(0, before) + digits.slice(before + 1);
    else if (before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    }
  }
  const value = formatCardNumber(digits);
  return { value, caret: caretAfterDigits(value, Math.min(before, cardDigits(value).length)) };
}
