import { useRef, useState, type FormEvent } from 'react';
import {
  errorBody,
  errorMessage,
  httpStatus,
  rememberRecordedSale,
  standingErrors,
  useNavigate,
  type FieldError,
  type FundraiserOrder,
  type OrderItem,
} from '@fu/shared';
import { DONATE_ITEM_ID } from '../../../utils/routeParams';
import { orderApi } from '../api/orderApi';
import { saleStudentName, type OrderFormMode } from '../orderMode';
import { buildCreateOrderRequest } from '../orderRequest';
import { totalQuantity, useOrderStore } from '../store/orderStore';
import { donationCents, validateOrder, type OrderFormValues } from '../validation';

/** A cash/check draft that was paid or removed since the page loaded. */
/** The fields the page checks itself (spec §5): their errors go as soon as they are fixed. */
const CHECKED_HERE = new Set(['studentFirstName', 'studentLastName', 'customDonation', 'items']);

/** The page's own check of the store's current state. */
function currentProblems() {
  return validateOrder(formValues(useOrderStore.getState()));
}

function formValues(state: ReturnType<typeof useOrderStore.getState>): OrderFormValues {
  return {
    studentFirstName: state.studentFirstName,
    studentLastName: state.studentLastName,
    totalQuantity: totalQuantity(state.quantities),
    donationChoice: state.donationChoice,
    customDonation: state.customDonation,
  };
}

/** What the page checks, as one string: the same string, the same errors. */
const problemsKey = (state: ReturnType<typeof useOrderStore.getState>) =>
  validateOrder(formValues(state))
    .map((error) => `${error.field}:${error.message}`)
    .join('\n');

function isGone(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 404 || status === 409;
}

/**
 * The order form's submit cycle: the form's errors in the summary (focused), else the order is
 * saved with Continue disabled and the page goes to its checkout. A student's cash/check draft
 * that is gone meanwhile is saved as a new order instead; any other failure shows the server's
 * field errors, or its message, in the summary and enables Continue again. Each error the page
 * found itself goes as soon as its field is fixed ('Please select an item.' once an item is chosen).
 */
export function useOrderSubmit(order: FundraiserOrder, items: OrderItem[], mode: OrderFormMode) {
  const navigate = useNavigate();
  const [found, setErrors] = useState<FieldError[]>([]);
  // While a submit's errors show, the form re-renders when what the page's check finds changes, so a
  // fixed field's error goes at once; otherwise a keystroke or a click leaves the form be.
  useOrderStore((state) => (found.length ? problemsKey(state) : ''));
  const errors = found.length ? standingErrors(found, currentProblems(), (field) => CHECKED_HERE.has(field)) : found;
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());
  const cashCheck = mode.cashCheck !== undefined;

  async function submit() {
    const state = useOrderStore.getState();
    const problems = currentProblems();
    setErrors(problems);
    if (problems.length) {
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
      if (cashCheck && mode.fundraiserDeviceGuid) {
        // Only this tab learns which student page the sale came from: its checkout, Edit and receipt
        // lead back there without the page's guid in anything the supporter gets.
        rememberRecordedSale(orderId, {
          pageGuid: mode.fundraiserDeviceGuid,
          studentName: saleStudentName(order, mode) ?? '',
        });
      }
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
