import {
  errorMessage,
  formatCents,
  formatPhone,
  PageHeading,
  paidWith,
  Spinner,
  useAsync,
  type DeviceOrder,
  Link,
  useParams,
} from '@fu/shared';
import { ordersApi } from '../api/ordersApi';
import styles from './orders.module.css';

/** Who ordered, for an order placed on the team's page with the student's name typed: no one's details. */
export const FROM_TEAM_PAGE = 'A supporter on the team page';

const paidOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

function OrderCard({ order }: { order: DeviceOrder }) {
  return (
    <li className={styles.order} data-testid="device-order">
      <div className={styles.donor}>
        <strong>{order.fromTeamPage ? FROM_TEAM_PAGE : `${order.donor.firstName} ${order.donor.lastName}`}</strong>
        {order.donor.phone && (
          <a className="link-target" href={`tel:${order.donor.phone}`}>
            {formatPhone(order.donor.phone)}
          </a>
        )}
      </div>
      <p className={styles.meta}>
        Order #{order.orderId} · <span data-testid="order-payment">{paidWith(order.paymentTypeId)}</span> ·{' '}
        {paidOn(order.createdAt)}
      </p>
      <table className={styles.lines}>
        <tbody>
          {order.ordersItems.map((line, index) => (
            <tr key={index}>
              <td>
                {line.name} × {line.amount}
              </td>
              <td>{formatCents(line.price * line.amount)}</td>
            </tr>
          ))}
          {order.donation > 0 && (
            <tr>
              <td>Donation</td>
              <td>{formatCents(order.donation)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td data-testid="order-total">{formatCents(order.orderTotal)}</td>
          </tr>
        </tfoot>
      </table>
    </li>
  );
}

/** /FundraiserOrders/{fdid}: every paid order credited to the student, newest first. */
export function FundraiserOrdersPage() {
  const fdid = useParams().fdid ?? '';
  const state = useAsync(() => ordersApi.list(fdid), [fdid]);
  return (
    <main className="page">
      <PageHeading title="Orders">Orders</PageHeading>
      <p>
        <Link className="link-target" to={`/Fundraiser/${fdid}`}>
          Back to my page
        </Link>
      </p>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{errorMessage(state.error)}</p>}
      {state.status === 'success' &&
        (state.data.length === 0 ? (
          <p>No orders yet. Share your page to get your first one!</p>
        ) : (
          <>
            <p data-testid="orders-count">
              {state.data.length} {state.data.length === 1 ? 'order' : 'orders'} ·{' '}
              {formatCents(state.data.reduce((sum, order) => sum + order.orderTotal, 0))}
            </p>
            <ul className={styles.list}>
              {state.data.map((order) => (
                <OrderCard key={order.orderId} order={order} />
              ))}
            </ul>
          </>
        ))}
    </main>
  );
}
