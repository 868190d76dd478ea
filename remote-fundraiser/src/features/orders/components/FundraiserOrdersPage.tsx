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
  T,
  useIntlLocale,
  useT,
} from '@fu/shared';
import { ordersApi } from '../api/ordersApi';
import styles from './orders.module.css';

/**
 * Who ordered, for an order placed on the team's page with the student's name typed: no one's details.
 * Its English; the page shows the catalog's fundraiser.orders.fromTeamPage in its language.
 */
export const FROM_TEAM_PAGE = 'A supporter on the team page';

const paidOn = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(locale, { month: 'short', day: 'numeric' });

function OrderCard({ order }: { order: DeviceOrder }) {
  const t = useT();
  const locale = useIntlLocale();
  return (
    <li className={styles.order} data-testid="device-order">
      <div className={styles.donor}>
        <strong>
          {order.fromTeamPage
            ? t('fundraiser.orders.fromTeamPage')
            : `${order.donor.firstName} ${order.donor.lastName}`}
        </strong>
        {order.donor.phone && (
          <a className="link-target" href={`tel:${order.donor.phone}`}>
            {formatPhone(order.donor.phone)}
          </a>
        )}
      </div>
      <p className={styles.meta}>
        <T
          id="fundraiser.orders.meta"
          values={{
            orderId: order.orderId,
            payment: paidWith(order.paymentTypeId, t),
            date: paidOn(order.createdAt, locale),
          }}
          components={{ payment: <span data-testid="order-payment" /> }}
        />
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
              <td>{t('fundraiser.orders.donation')}</td>
              <td>{formatCents(order.donation)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('fundraiser.orders.total')}</th>
            <td data-testid="order-total">{formatCents(order.orderTotal)}</td>
          </tr>
        </tfoot>
      </table>
    </li>
  );
}

/** /FundraiserOrders/{fdid}: every paid order credited to the student, newest first. */
export function FundraiserOrdersPage() {
  const t = useT();
  const fdid = useParams().fdid ?? '';
  const state = useAsync(() => ordersApi.list(fdid), [fdid]);
  return (
    <main className="page">
      <PageHeading title={t('fundraiser.orders.title')}>{t('fundraiser.orders.title')}</PageHeading>
      <p>
        <Link className="link-target" to={`/Fundraiser/${fdid}`}>
          {t('fundraiser.orders.backToPage')}
        </Link>
      </p>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'error' && <p role="alert">{t(errorMessage(state.error))}</p>}
      {state.status === 'success' &&
        (state.data.length === 0 ? (
          <p>{t('fundraiser.orders.empty')}</p>
        ) : (
          <>
            <p data-testid="orders-count">
              {t('fundraiser.orders.count', {
                count: state.data.length,
                total: formatCents(state.data.reduce((sum, order) => sum + order.orderTotal, 0)),
              })}
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
