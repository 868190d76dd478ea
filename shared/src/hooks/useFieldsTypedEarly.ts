import { useEffect, useRef } from 'react';

const TEXT_LIKE = /^(text|tel|email|number|search|url|password|)$/;
const setValue = (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
};

/**
 * For a form the server rendered: what was typed or chosen in it before the app took it over is
 * handed to the app's state, as if typed now. React takes the served fields over as they are, but its
 * state still holds the served values, so a name typed at once on a slow phone would be shown and
 * yet not sent. Each changed text field's served value is given back to React's value tracking, the
 * typed one put back, and an input event sent; each changed select sends its change.
 */
export function useFieldsTypedEarly<T extends HTMLElement>() {
  const form = useRef<T>(null);
  useEffect(() => {
    const root = form.current;
    if (!root) return;
    for (const field of Array.from(root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))) {
      if (field instanceof HTMLInputElement && !TEXT_LIKE.test(field.type)) continue;
      if (field.value === field.defaultValue) continue;
      const typed = field.value;
      field.value = field.defaultValue; // through React's tracking: it now holds the served value
      setValue(field, typed); // the typed value back, unseen by the tracking
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    for (const select of Array.from(root.querySelectorAll('select'))) {
      const chosen = select.selectedOptions[0];
      if (chosen && !chosen.defaultSelected) select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, []);
  return form;
}
