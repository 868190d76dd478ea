import { orderChangedMessage } from '@fu/shared/contracts';
import { HttpError } from '../errors';

/**
 * A payment is taken only for the total the page showed (`payment.amount`): an order changed since
 * (another tab, another request) is refused with its new total, so the page can show it. Called
 * under the order's row lock, before anything is charged or recorded.
 */
export function assertShownTotal(order: { orderTotal: number }, shownAmount: number): void {
  if (shownAmount === order.orderTotal) return;
  const message = orderChangedMessage(order.orderTotal);
  throw new HttpError(409, message, [{ field: 'payment.amount', message }], { orderTotal: order.orderTotal });
}
