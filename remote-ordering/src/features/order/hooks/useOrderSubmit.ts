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
import { orderApi } from '../api/orderApi';
import { saleStudentName, type OrderFormMode } from '../orderMode';
import { draftOrder, type OrderDraft } from '../orderDraft';
import { useOrderStore } from '../store/orderStore';

/** What a submit found, and whether the server found it (the page's own check found nothing then). */
interface Found {
  errors: FieldError[];
  byServer: boolean;
}

const NOTHING_FOUND: Found = { errors: [], byServer: false };

const problemsOf = (draft: OrderDraft) => (draft.ok ? [] : draft.problems);

/** What the page's check finds, as one string: the same string, the same errors. */
const problemsKey = (draft: OrderDraft) =>
  problemsOf(draft)
    .map((error) => `${error.field}:${error.message}`)
    .join('\n');

/** A cash/check draft that was paid or removed since the page loaded. */
function isGone(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 404 || status === 409;
}

/**
 * The order form's submit cycle: what the page's check of the order finds in the summary (focused),
 * else the order is saved with Continue disabled and the page goes to its checkout. A student's
 * cash/check draft that is gone meanwhile is saved as a new order instead; any other failure shows
 * the server's field errors, or its message, in the summary and enables Continue again. Each error
 * the page found itself goes as soon as its field is fixed ('Please select an item.' once an item is
 * chosen); the server's stay until the next submit (it checks with the data it read, so the page
 * may not find them).
 */
export function useOrderSubmit(order: FundraiserOrder, items: OrderItem[], mode: OrderFormMode) {
  const navigate = useNavigate();
  const [found, setFound] = useState<Found>(NOTHING_FOUND);
  const draft = (state = useOrderStore.getState()) => draftOrder(order, items, mode, state);
  const checkedHere = found.errors.length > 0 && !found.byServer;
  // While the page's own errors show, the form re-renders when what its check finds changes, so a
  // fixed field's error goes at once; otherwise a keystroke or a click leaves the form be.
  useOrderStore((state) => (checkedHere ? problemsKey(draft(state)) : ''));
  const errors = checkedHere ? standingErrors(found.errors, problemsOf(draft()), () => true) : found.errors;
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());
  const cashCheck = mode.cashCheck !== undefined;

  async function submit() {
    const checked = draft();
    if (!checked.ok) {
      setFound({ errors: checked.problems, byServer: false });
      focusSummary();
      return;
    }
    setFound(NOTHING_FOUND);
    setSubmitting(true);
    const { request } = checked;
    try {
      const orderId = await orderApi.createOrder(request).catch((error: unknown) => {
        if (cashCheck && mode.orderId && isGone(error)) return orderApi.createOrder({ ...request, orderId: 0 });
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
      const refused = body?.errors?.length ? body.errors : [{ field: 'continue', message: errorMessage(error) }];
      setFound({ errors: refused, byServer: true });
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
