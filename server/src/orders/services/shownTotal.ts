import { formatCents } from '@fu/shared/money';
import { HttpError } from '../../platform/http/errors';
import { english, text } from '../../platform/i18n/text';

/**
 * A payment is taken only for the total the page showed (`payment.amount`): an order changed since
 * (another tab, another request) is refused with its new total, so the page can show it. With the
 * processing fee covered (issue 19) the page must have shown the order total plus that fee, as the
 * server computes it now. Called under the order's row lock, before anything is charged or recorded.
 */
export function assertShownTotal(order: { orderTotal: number }, shownAmount: number, coveredFee = 0): void {
  const due = order.orderTotal + coveredFee;
  if (shownAmount === due) return;
  // @fu/shared's orderChangedMessage(due) in English.
  const changed = text('server.payment.orderChanged', { total: formatCents(due) });
  throw new HttpError(
    409,
    changed,
    [{ field: 'payment.amount', message: english(changed), text: changed }],
    coveredFee ? { orderTotal: order.orderTotal, coverFeesAmount: coveredFee } : { orderTotal: order.orderTotal },
  );
}
