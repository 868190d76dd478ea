import { useRef, useState, type FormEvent } from 'react';
import { errorBody, errorMessage, httpStatus, type FieldError } from '@fu/shared';
import { checkoutApi, type CheckoutOrder } from './api/checkoutApi';
import { goToReceipt } from './goToReceipt';

/** The payment calls' 409 when the order's total is no longer the one the page showed. */
interface OrderChanged {
  message: string;
  orderTotal: number;
}

function orderChanged(error: unknown): OrderChanged | undefined {
  const body = errorBody<Partial<OrderChanged>>(error);
  return httpStatus(error) === 409 && typeof body?.orderTotal === 'number' && body.message
    ? { message: body.message, orderTotal: body.orderTotal }
    : undefined;
}

/**
 * The submit cycle of both checkout forms (card, cash/check): the form's errors in the summary
 * (focused), else `pay` runs with Submit disabled, and 'success' leads to the receipt. The order is
 * the one shown: the server takes payment only for its total, and when the order changed meanwhile
 * (another tab) nothing is taken, the order is read again and `changed` says so, keeping what was typed.
 */
export function usePaymentSubmit(loaded: CheckoutOrder) {
  const [order, setOrder] = useState(loaded);
  const [changed, setChanged] = useState('');
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
      const changedNow = orderChanged(error);
      if (changedNow) {
        setOrder(
          await checkoutApi.getOrder(order.orderId).catch(() => ({ ...order, orderTotal: changedNow.orderTotal })),
        );
        setChanged(changedNow.message);
        return fail(changedNow.message);
      }
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

  return { order, changed, errors, submitting, summaryRef, fail, onSubmit };
}
