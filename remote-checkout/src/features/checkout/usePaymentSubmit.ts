import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, type FieldError } from '@fu/shared';
import { checkoutApi, type CheckoutOrder } from './api/checkoutApi';
import { goToReceipt } from './goToReceipt';

/**
 * The submit cycle of both checkout forms (card, cash/check): the form's errors in the summary
 * (focused), else `pay` runs with Submit disabled, and 'success' leads to the receipt.
 */
export function usePaymentSubmit(order: CheckoutOrder) {
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  /** Spec §4: Submit stays disabled until a failure. Answers undefined, for `pay` to return. */
  function fail(message?: string): undefined {
    if (message) window.alert(message);
    setSubmitting(false);
    return undefined;
  }

  /** `pay` answers the API's 'success' or its message, or undefined once it has called `fail` itself. */
  async function submit(found: FieldError[], pay: () => Promise<string | undefined>) {
    setErrors(found);
    if (found.length) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSubmitting(true);
    let answer: string | undefined;
    try {
      answer = await pay();
    } catch (error) {
      void checkoutApi.log(`Order was unsuccessful: ${errorMessage(error)}`);
      return fail('Order was unsuccessful');
    }
    if (answer === undefined) return;
    if (answer !== 'success') return fail(answer);
    await goToReceipt(order.appSiteUrl, order.orderId);
  }

  /** The form's onSubmit: the errors are collected when it is submitted. */
  const onSubmit = (collect: () => FieldError[], pay: () => Promise<string | undefined>) => (event: FormEvent) => {
    event.preventDefault();
    void submit(collect(), pay);
  };

  return { errors, submitting, summaryRef, fail, onSubmit };
}
