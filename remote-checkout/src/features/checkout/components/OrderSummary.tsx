import { COVERED_FEE_LABEL, formatCents, Link } from '@fu/shared';
import type { CheckoutOrder } from '../api/checkoutApi';
import styles from './checkout.module.css';

/**
 * The order's lines and total as the server priced them, each with an Edit link back to the order
 * page. `convenienceFee` adds the fee row (cash/check summary, spec §9) and `coveredFee` the
 * processing fee the supporter chose to cover (card checkout, issue 19); each is in the total.
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
  const lines = order.fundraiserOrderItems.flatMap((item) =>
    item.fundraiserOrderItemOptions
      .filter((option) => option.qty > 0)
      .map((option) => ({ key: option.itemOptionId, item: item.messageTextName, option })),
  );
  const edit = `/Order/Edit/${order.orderId}`;
  return (
    <table className={styles.summary}>
      <caption>Order summary</caption>
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
        {lines.map(({ key, item, option }) => (
          <tr key={key}>
            <td>
              {item}: {option.name}
            </td>
            <td>{option.qty}</td>
            <td>{formatCents(option.qty * option.price)}</td>
            <td>
              <Link to={edit}>
                Edit<span className="visually-hidden"> {option.name}</span>
              </Link>
            </td>
          </tr>
        ))}
        {order.shippingTotal > 0 && (
          <tr>
            <td>Shipping</td>
            <td />
            <td>{formatCents(order.shippingTotal)}</td>
            <td />
          </tr>
        )}
        {order.donation > 0 && (
          <tr>
            <td>Donation</td>
            <td>1</td>
            <td>{formatCents(order.donation)}</td>
            <td>
              <Link to={edit}>
                Edit<span className="visually-hidden"> donation</span>
              </Link>
            </td>
          </tr>
        )}
        {convenienceFee > 0 && (
          <tr>
            <td>Convenience fee (5% of items and shipping)</td>
            <td />
            <td data-testid="convenience-fee">{formatCents(convenienceFee)}</td>
            <td />
          </tr>
        )}
        {coveredFee > 0 && (
          <tr>
            <td>{COVERED_FEE_LABEL}</td>
            <td />
            <td data-testid="covered-fee">{formatCents(coveredFee)}</td>
            <td />
          </tr>
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td colSpan={2} data-testid="checkout-total">
            {formatCents(order.orderTotal + convenienceFee + coveredFee)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
