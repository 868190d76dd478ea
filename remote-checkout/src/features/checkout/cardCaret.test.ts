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
  const NUMBER = '4111 1111 1111 1111';

  it('keeps the caret after a digit typed mid-number, across the regrouping', () => {
    // '4111 1111 1111 1111', 9 typed after '4111 1' (caret 6 → 7 in what was typed).
    expect(editCardNumber(NUMBER, '4111 19111 1111 1111', 7, 'insertText')).toEqual({
      value: '4111 1911 1111 1111 1',
      caret: 7,
    });
    // Typed just before a space: the new digit starts the next group, the caret follows it.
    expect(editCardNumber('4111 1111', '41112 1111', 5, 'insertText')).toEqual({ value: '4111 2111 1', caret: 6 });
  });

  it('keeps every digit of the same number pasted over the whole of it, with or without spaces', () => {
    // Selected and pasted: the browser's value is the pasted text, the caret after it.
    expect(editCardNumber(NUMBER, '4111111111111111', 16, 'insertFromPaste')).toEqual({ value: NUMBER, caret: 19 });
    expect(editCardNumber(NUMBER, NUMBER, 19, 'insertFromPaste')).toEqual({ value: NUMBER, caret: 19 });
    expect(editCardNumber(NUMBER, '4111-1111-1111-1111', 19, 'insertFromPaste')).toEqual({ value: NUMBER, caret: 19 });
    // Dropped onto it.
    expect(editCardNumber(NUMBER, '4111111111111111', 16, 'insertFromDrop')).toEqual({ value: NUMBER, caret: 19 });
  });

  it('keeps every digit of an autofill: a plain input event, or a replacement, with no deletion in it', () => {
    expect(editCardNumber(NUMBER, '4111111111111111', 16, undefined)).toEqual({ value: NUMBER, caret: 19 });
    expect(editCardNumber(NUMBER, '4111111111111111', 16, 'insertReplacementText')).toEqual({
      value: NUMBER,
      caret: 19,
    });
    // Another card over the typed one.
    expect(editCardNumber(NUMBER, '5555555555554444', 16, undefined)).toEqual({
      value: '5555 5555 5555 4444',
      caret: 19,
    });
  });

  it('pastes into the middle: the caret goes after the pasted digits', () => {
    // '4111 |1111' with '2222' pasted at the caret.
    expect(editCardNumber('4111 1111', '4111 22221111', 9, 'insertFromPaste')).toEqual({
      value: '4111 2222 1111',
      caret: 9,
    });
  });

  it('select-and-type: the selection is replaced by what is typed', () => {
    // '4111 [1111] 1111 1111' selected, 2 typed.
    expect(editCardNumber(NUMBER, '4111 2 1111 1111', 6, 'insertText')).toEqual({
      value: '4111 2111 1111 1',
      caret: 6,
    });
    // All selected, 5 typed.
    expect(editCardNumber(NUMBER, '5', 1, 'insertText')).toEqual({ value: '5', caret: 1 });
  });

  it('Backspace or Delete inside a group deletes the digit beside the caret, which stays in place', () => {
    // Backspace after the 3 of '4111 23|45 6789'.
    expect(editCardNumber('4111 2345 6789', '4111 245 6789', 6, 'deleteContentBackward')).toEqual({
      value: '4111 2456 789',
      caret: 6,
    });
    // Delete before the 4 of '4111 23|45 6789'.
    expect(editCardNumber('4111 2345 6789', '4111 235 6789', 7, 'deleteContentForward')).toEqual({
      value: '4111 2356 789',
      caret: 7,
    });
  });

  it('Backspace over a group space deletes the digit before it; Delete, the digit after it', () => {
    expect(editCardNumber('4111 2345', '41112345', 4, 'deleteContentBackward')).toEqual({
      value: '4112 345',
      caret: 3,
    });
    expect(editCardNumber('4111 2345', '41112345', 4, 'deleteContentForward')).toEqual({
      value: '4111 345',
      caret: 4,
    });
  });

  it('a deletion that is not Backspace or Delete over a space deletes only what it removed', () => {
    // A selection of digits deleted with Backspace: those digits go, no more.
    expect(editCardNumber(NUMBER, '4111  1111 1111', 5, 'deleteContentBackward')).toEqual({
      value: '4111 1111 1111',
      caret: 4,
    });
    // A space cut out (Ctrl+X), or a word deleted, is not a Backspace: no digit goes with the space.
    expect(editCardNumber('4111 2345', '41112345', 4, 'deleteByCut')).toEqual({ value: '4111 2345', caret: 4 });
    expect(editCardNumber('4111 2345', '4111 ', 5, 'deleteWordForward')).toEqual({ value: '4111', caret: 4 });
  });

  it('ignores what is not a digit, leaving the caret in place', () => {
    expect(editCardNumber('4111 1111', '41a11 1111', 3, 'insertText')).toEqual({ value: '4111 1111', caret: 2 });
  });

  it('cuts a pasted number past the longest card at its last digit', () => {
    expect(editCardNumber('', '41111111111111111112222', 23, 'insertFromPaste')).toEqual({
      value: '4111 1111 1111 1111 111',
      caret: 23,
    });
  });
});
