import { caretAfterDigits, editCardNumber } from './cardCaret';

describe('caretAfterDigits', () => {
  it('counts digits, not spaces', () => {
    expect(caretAfterDigits('4111 1111 1', 0)).toBe(0);
    expect(caretAfterDigits('4111 1111 1', 3)).toBe(3);
    expect(caretAfterDigits('4111 1111 1', 4)).toBe(4);
    expect(caretAfterDigits('4111 1111 1', 5)).toBe(6);
    expect(caretAfterDigits('4111 1111 1', 9)).toBe(11);
  });
});

describe('editCardNumber', () => {
  it('keeps the caret after a digit typed mid-number, across the regrouping', () => {
    // '4111 1111 1111 1111', 9 typed after '4111 1' (caret 6 → 7 in what was typed).
    expect(editCardNumber('4111 1111 1111 1111', '4111 19111 1111 1111', 7)).toEqual({
      value: '4111 1911 1111 1111 1',
      caret: 7,
    });
    // Typed just before a space: the new digit starts the next group, the caret follows it.
    expect(editCardNumber('4111 1111', '41112 1111', 5)).toEqual({ value: '4111 2111 1', caret: 6 });
  });

  it('keeps the caret where a digit was deleted', () => {
    // Backspace after the 3 of '4111 23|45 6789'.
    expect(editCardNumber('4111 2345 6789', '4111 245 6789', 6)).toEqual({ value: '4111 2456 789', caret: 6 });
  });

  it('Backspace over a space deletes the digit before it; Delete, the digit after it', () => {
    expect(editCardNumber('4111 2345', '41112345', 4)).toEqual({ value: '4112 345', caret: 3 });
    expect(editCardNumber('4111 2345', '41112345', 4, true)).toEqual({ value: '4111 345', caret: 4 });
  });

  it('ignores what is not a digit, leaving the caret in place', () => {
    expect(editCardNumber('4111 1111', '41a11 1111', 3)).toEqual({ value: '4111 1111', caret: 2 });
  });
});
