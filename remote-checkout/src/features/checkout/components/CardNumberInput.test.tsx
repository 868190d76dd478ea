import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { CardNumberInput } from './CardNumberInput';

const NUMBER = '4111 1111 1111 1111';

/** The input as the card fields hold it: its value in state, regrouped on every change. */
function CardNumber({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <label>
      Card number
      <CardNumberInput value={value} onChange={setValue} />
    </label>
  );
}

function renderField(initial = NUMBER): HTMLInputElement {
  render(<CardNumber initial={initial} />);
  const input = screen.getByLabelText<HTMLInputElement>('Card number');
  input.focus();
  return input;
}

/**
 * What the browser does on an edit: the field's new value and caret, then an `input` event, an
 * InputEvent with its inputType for a keystroke or a paste, a plain Event for an autofill or a
 * password manager.
 */
function edit(input: HTMLInputElement, value: string, caret: number, inputType?: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.setSelectionRange(caret, caret);
  fireEvent(
    input,
    inputType ? new InputEvent('input', { bubbles: true, inputType }) : new Event('input', { bubbles: true }),
  );
}

describe('CardNumberInput', () => {
  it('keeps every digit when the same number is pasted over the whole of it', () => {
    const input = renderField();
    edit(input, '4111111111111111', 16, 'insertFromPaste');
    expect(input).toHaveValue(NUMBER);
    expect(input.selectionStart).toBe(19);
  });

  it('keeps every digit when autofill or a password manager fills it over a typed number', () => {
    const input = renderField();
    edit(input, '4111111111111111', 16);
    expect(input).toHaveValue(NUMBER);
    edit(input, '5555555555554444', 16);
    expect(input).toHaveValue('5555 5555 5555 4444');
  });

  it('select-and-type replaces the selection, with the caret after the digit typed', () => {
    const input = renderField();
    edit(input, '4111 2 1111 1111', 6, 'insertText');
    expect(input).toHaveValue('4111 2111 1111 1');
    expect(input.selectionStart).toBe(6);
  });

  it('Backspace and Delete inside a group delete the digit beside the caret', () => {
    const input = renderField('4111 2345 6789');
    edit(input, '4111 245 6789', 6, 'deleteContentBackward');
    expect(input).toHaveValue('4111 2456 789');
    expect(input.selectionStart).toBe(6);
    edit(input, '4111 256 789', 6, 'deleteContentForward');
    expect(input).toHaveValue('4111 2567 89');
    expect(input.selectionStart).toBe(6);
  });

  it('Backspace over a group space deletes the digit before it, Delete the digit after it', () => {
    const input = renderField('4111 2345');
    edit(input, '41112345', 4, 'deleteContentBackward');
    expect(input).toHaveValue('4112 345');
    expect(input.selectionStart).toBe(3);
    edit(input, '4112345', 4, 'deleteContentForward');
    expect(input).toHaveValue('4112 45');
    expect(input.selectionStart).toBe(4);
  });
});
