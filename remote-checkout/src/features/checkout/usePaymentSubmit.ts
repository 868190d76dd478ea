import { useRef, useState, type FormEvent } from 'react';
import { errorBody, errorMessage, httpStatus, standingErrors, useT, type FieldError } from '@fu/shared';
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
 *
 * `collect` is the form's own check: the errors a submit found are shown until each field is valid
 * again. A failed payment is alerted (spec §4) and kept in `failure` for the page to show inline;
 * its `attempt` changes with every failure, so the page can move focus each time. The server's words
 * are shown in the page's language where they are a message it shares in English (`t`).
 */
export function usePaymentSubmit(loaded: CheckoutOrder, collect: () => FieldError[]) {
  const t = useT();
  const [order, setOrder] = useState(loaded);
  const [changed, setChanged] = useState('');
  const [found, setFound] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<{ message: string; attempt: number; declined: boolean }>();
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const errors = found.length ? standingErrors(found, collect(), () => true) : found;

  /**
   * Spec §4: Submit stays disabled until a failure. Answers undefined, for `pay` to return. A
   * payment failure is also shown at the card fields unless `atTheCard` is false; `declined` marks
   * the payment call's own answer (the gateway declined the card), which the page follows with advice.
   */
  function fail(message?: string, { atTheCard = true, declined = false } = {}): undefined {
    if (message) window.alert(message);
    if (message && atTheCard) {
      setFailure((last) => ({ message, attempt: (last?.attempt ?? 0) + 1, declined }));
    }
    setSubmitting(false);
    return undefined;
  }

  /** `pay` answers the API's 'success' or its message, or undefined once it has called `fail` itself. */
  async function submit(problems: FieldError[], pay: () => Promise<string | undefined>) {
    setFound(problems);
    if (problems.length) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setFailure((last) => last && { ...last, message: '' });
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
        const message = t(changedNow.message);
        setChanged(message);
        // Said above the summary (`changed`), not at the card: the card was not the problem.
        return fail(message, { atTheCard: false });
      }
      void checkoutApi.log(`Order was unsuccessful: ${errorMessage(error)}`);
      return fail(t('checkout.payment.unsuccessful'));
    }
    if (answer === undefined) return;
    // Anything but 'success' is the payment's refusal in the server's or the gateway's words.
    if (answer !== 'success') return fail(t(answer), { declined: true });
    await goToReceipt(order.appSiteUrl, order.orderId);
  }

  /** The form's onSubmit: the errors are collected when it is submitted. */
  const onSubmit = (pay: () => Promise<string | undefined>) => (event: FormEvent) => {
    event.preventDefault();
    void submit(collect(), pay);
  };

  return { order, changed, errors, failure, submitting, summaryRef, fail, onSubmit };
}
