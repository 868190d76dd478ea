import { Link, ORDER_SUMMARY_CAPTION, orderEditPath, orderSummaryRows, orderSummaryTotal } from '@fu/shared';
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
  const fees = { convenienceFee, coveredFee };
  const edit = orderEditPath(order.orderId);
  return (
    <table className="fp-summary">
      <caption>{ORDER_SUMMARY_CAPTION}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Qty</th>
          <th scope="col">Price</th>
          <th scope="col">
            <span className="visually-hidden">Edit</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orderSummaryRows(order, fees).map((row) => (
          <tr key={row.key}>
            <td>{row.label}</td>
            <td>{row.qty}</td>
            <td data-testid={row.priceTestId}>{row.price}</td>
            <td>
              {row.edits !== undefined && (
                <Link to={edit}>
                  Edit<span className="visually-hidden"> {row.edits}</span>
                </Link>
              )}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td colSpan={2} data-testid="checkout-total">
            {orderSummaryTotal(order, fees)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
