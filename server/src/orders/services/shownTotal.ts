import { orderChangedMessage } from '@fu/shared/contracts';
import { HttpError } from '../../platform/http/errors';

/**
 * A payment is taken only for the total the page showed (`payment.amount`): an order changed since
 * (another tab, another request) is refused with its new total, so the page can show it. With the
 * processing fee covered (issue 19) the page must have shown the order total plus that fee, as the
 * server computes it now. Called under the order's row lock, before anything is charged or recorded.
 */
export function assertShownTotal(order: { orderTotal: number }, shownAmount: number, coveredFee = 0): void {
  const due = order.orderTotal + coveredFee;
  if (shownAmount === due) return;
  const message = orderChangedMessage(due);
  throw new HttpError(
    409,
    message,
    [{ field: 'payment.amount', message }],
    coveredFee ? { orderTotal: order.orderTotal, coverFeesAmount: coveredFee } : { orderTotal: order.orderTotal },
  );
}
