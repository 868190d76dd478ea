import type {
  CollectedCashOrders,
  ConfirmCashReceivedRequest,
  ConfirmCashReceivedResponse,
} from '@fu/shared/contracts';
import { formatCents } from '@fu/shared/money';
import { tidyTypedText } from '@fu/shared/rules';
import { HttpError } from '../../platform/http/errors';
import { text } from '../../platform/i18n/text';
import type { CollectedCashRepository } from '../repositories/collectedCash';

/** The sentence of a confirmation refused because some ids are not recorded cash or check sales of the fundraiser. */
export const notRecordedSales = (ids: number[], fundraiserId: number) =>
  text('server.cash.notRecordedSales', { count: ids.length, ids: ids.join(', '), fundraiserId });

/** The sentence of a deposit whose orders do not add up to the amount it holds. */
export const depositMismatch = (expected: number, found: number) =>
  text('server.cash.depositMismatch', { found: formatCents(found), expected: formatCents(expected) });

/**
 * Issue 30: a student's cash or check sale is recorded as collected; the organisation confirms it
 * received the money (an admin call, per order or per deposit, with who and when), and only then is
 * the sale's receipt a tax receipt, e-mailed to the supporter (`onReceived`, after the commit).
 */
export function collectedCash(sales: CollectedCashRepository, options: { onReceived(orderId: number): void }) {
  return {
    async awaiting(fundraiserId: number): Promise<CollectedCashOrders> {
      const orders = await sales.awaiting(fundraiserId);
      return { fundraiserId, orders, totalCents: orders.reduce((sum, order) => sum + order.amount, 0) };
    },

    /**
     * Confirms the orders of one deposit, all or nothing: an id that is no recorded sale of the
     * fundraiser refuses the call (409, naming it), and so does a deposit amount the orders do not
     * add up to (confirmed ones included), so a mistyped id confirms nothing, least of all another
     * fundraiser's sale. Orders confirmed before are left as they were and reported, so a repeated
     * call is harmless.
     */
    async confirm(request: ConfirmCashReceivedRequest & { actor: string }): Promise<ConfirmCashReceivedResponse> {
      const { fundraiserId } = request;
      const ids = [...new Set(request.orderIds)];
      const known = await sales.recordedSales(fundraiserId, ids);
      const unknown = ids.filter((id) => !known.some((sale) => sale.id === id));
      if (unknown.length) {
        throw new HttpError(409, notRecordedSales(unknown, fundraiserId), undefined, { orderIds: unknown });
      }
      const sum = known.reduce((total, sale) => total + sale.amount, 0);
      if (request.expectedTotalCents !== undefined && request.expectedTotalCents !== sum) {
        throw new HttpError(409, depositMismatch(request.expectedTotalCents, sum));
      }
      const at = new Date();
      const depositRef = tidyTypedText(request.depositReference ?? '') || null;
      const confirmed = await sales.confirm(fundraiserId, ids, { at, by: request.actor, depositRef });
      for (const order of confirmed) options.onReceived(order.id);
      const confirmedIds = new Set(confirmed.map((order) => order.id));
      return {
        confirmed: ids.filter((id) => confirmedIds.has(id)),
        alreadyConfirmed: ids.filter((id) => !confirmedIds.has(id)),
        receivedBy: request.actor,
        receivedAt: at.toISOString(),
        totalCents: confirmed.reduce((sum, order) => sum + order.amount, 0),
      };
    },
  };
}
