import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { editCardNumber } from '../cardCaret';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onChange(value: string): void;
};

/**
 * The card number input, grouped as typed. Regrouping replaces the whole value, which would send
 * the caret to the end; it is put back after the digit just typed, pasted or deleted. What the edit
 * was is read from the input event's `inputType` (editCardNumber).
 */
export function CardNumberInput({ value, onChange, ...props }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && caret.current !== null && document.activeElement === input) {
      input.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });
  return (
    <input
      {...props}
      ref={ref}
      value={value}
      onChange={(event) => {
        const typed = event.target.value;
        // Autofill and password managers fire a plain `input` Event: no inputType, nothing deleted.
        const { inputType } = event.nativeEvent as Partial<InputEvent>;
        const edit = editCardNumber(value, typed, event.target.selectionStart ?? typed.length, inputType);
        caret.current = edit.caret;
        onChange(edit.value);
      }}
    />
  );
}
