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

/** The `inputType`s of Backspace and Delete (Input Events Level 2): a character either side of the caret. */
const DELETE_BESIDE_CARET = new Set(['deleteContentBackward', 'deleteContentForward']);

/**
 * A card number after an edit at `caret` in what was typed: grouped again, with the caret after the
 * same digits as before the regrouping, so typing, pasting or deleting mid-number does not send it to
 * the end. What the edit was comes from its input event's `inputType`, never from the lengths: a paste
 * or an autofill of the same number without its spaces is shorter, yet deletes nothing. Only a
 * Backspace or Delete that removed nothing but a group's space deletes the digit beside it (the one
 * before the space, or after it for Delete); otherwise the space would come straight back.
 */
export function editCardNumber(
  previous: string,
  typed: string,
  caret: number,
  inputType?: string,
): { value: string; caret: number } {
  let digits = cardDigits(typed);
  let before = cardDigits(typed.slice(0, caret)).length;
  const removedOnlyASpace = digits === cardDigits(previous) && typed.length < previous.length;
  if (inputType !== undefined && DELETE_BESIDE_CARET.has(inputType) && removedOnlyASpace) {
    if (inputType === 'deleteContentForward') digits = digits.slice(0, before) + digits.slice(before + 1);
    else if (before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    }
  }
  const value = formatCardNumber(digits);
  return { value, caret: caretAfterDigits(value, Math.min(before, cardDigits(value).length)) };
}
