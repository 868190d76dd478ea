import { Link, ORDER_SUMMARY_CAPTION, orderEditPath, orderSummaryRows, orderSummaryTotal, T, useT } from '@fu/shared';
import type { CheckoutOrder } from '../api/checkoutApi';

/**
 * The order's lines and total as the server priced them, each with an Edit link back to the order
 * page. `convenienceFee` adds the fee row (cash/check summary, spec §9) and `coveredFee` the
 * processing fee the supporter chose to cover (card checkout, issue 19); each is in the total.
 * Global fp- classes (@fu/shared/firstPaint.css): the server paints the same table for the order's
 * owner before any script runs.
 */
export function OrderSummary({
  order,
  convenienceFee = 0,
  coveredFee = 0,
}: {
  order: CheckoutOrder;
  convenienceFee?: number;
  coveredFee?: number;
}) {
  const t = useT();
  const fees = { convenienceFee, coveredFee };
  const edit = orderEditPath(order.orderId);
  return (
    <table className="fp-summary">
      <caption>{t(ORDER_SUMMARY_CAPTION)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('checkout.summary.item')}</th>
          <th scope="col">{t('checkout.summary.qty')}</th>
          <th scope="col">{t('checkout.summary.price')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('checkout.summary.edit')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orderSummaryRows(order, fees, t).map((row) => (
          <tr key={row.key}>
            <td>{row.label}</td>
            <td>{row.qty}</td>
            <td data-testid={row.priceTestId}>{row.price}</td>
            <td>
              {row.edits !== undefined && (
                <Link to={edit}>
                  <T
                    id="checkout.summary.editItem"
                    values={{ item: row.edits }}
                    components={{ hidden: <span className="visually-hidden" /> }}
                  />
                </Link>
              )}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            {t('checkout.summary.total')}
          </th>
          <td colSpan={2} data-testid="checkout-total">
            {orderSummaryTotal(order, fees)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
