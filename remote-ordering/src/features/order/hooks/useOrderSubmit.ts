import { useRef, useState, type FormEvent } from 'react';
import {
  errorBody,
  errorMessage,
  httpStatus,
  useNavigate,
  type FieldError,
  type FundraiserOrder,
  type OrderItem,
} from '@fu/shared';
import { DONATE_ITEM_ID } from '../../../utils/routeParams';
import { orderApi } from '../api/orderApi';
import type { OrderFormMode } from '../orderMode';
import { buildCreateOrderRequest } from '../orderRequest';
import { totalQuantity, useOrderStore } from '../store/orderStore';
import { donationCents, validateOrder } from '../validation';

/** A cash/check draft that was paid or removed since the page loaded. */
function isGone(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 404 || status === 409;
}

/**
 * The order form's submit cycle: the form's errors in the summary (focused), else the order is
 * saved with Continue disabled and the page goes to its checkout. A student's cash/check draft
 * that is gone meanwhile is saved as a new order instead; any other failure shows the server's
 * field errors, or its message, in the summary and enables Continue again.
 */
export function useOrderSubmit(order: FundraiserOrder, items: OrderItem[], mode: OrderFormMode) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());
  const cashCheck = mode.cashCheck !== undefined;

  async function submit() {
    const state = useOrderStore.getState();
    const found = validateOrder({
      studentFirstName: state.studentFirstName,
      studentLastName: state.studentLastName,
      totalQuantity: totalQuantity(state.quantities),
      donationChoice: state.donationChoice,
      customDonation: state.customDonation,
    });
    setErrors(found);
    if (found.length) {
      focusSummary();
      return;
    }
    setSubmitting(true);
    const save = (orderId: number | undefined) =>
      orderApi.createOrder(
        buildCreateOrderRequest(order, items, state, donationCents(state), {
          orderId,
          isCashCheck: cashCheck,
          isDonate: mode.itemId === DONATE_ITEM_ID,
          fundraiserDeviceGuid: mode.fundraiserDeviceGuid,
        }),
      );
    try {
      const orderId = await save(mode.orderId).catch((error: unknown) => {
        if (cashCheck && mode.orderId && isGone(error)) return save(undefined);
        throw error;
      });
      navigate(cashCheck ? `/checkoutcashcheck/${orderId}/${mode.cashCheck}` : `/checkout/${orderId}`);
    } catch (error) {
      const body = errorBody<{ errors?: FieldError[] }>(error);
      setErrors(body?.errors?.length ? body.errors : [{ field: 'continue', message: errorMessage(error) }]);
      setSubmitting(false);
      focusSummary();
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return { errors, submitting, summaryRef, onSubmit };
}
