import { Link, ORDER_PAID_MESSAGE, useAsync, useT } from '@fu/shared';
import { checkoutApi, type CheckoutOrder } from '../api/checkoutApi';

/**
 * A paid order's checkout (Back after paying): the spec's words, and the way to the receipt for the
 * browser that paid it. The server gives the receipt address only to that browser; anyone else
 * sees the words alone.
 */
export function PaidOrder({ order }: { order: CheckoutOrder }) {
  const t = useT();
  const receipt = useAsync(() => checkoutApi.digitalReceipt(order.appSiteUrl, order.orderId), [order.orderId]);
  return (
    <>
      <p role="status">{t(ORDER_PAID_MESSAGE)}</p>
      {receipt.status === 'success' && (
        <p>
          <a className="link-target" href={receipt.data}>
            {t('checkout.paid.viewReceipt')}
          </a>
        </p>
      )}
      {receipt.status !== 'loading' && (
        <p>
          <Link className="link-target" to="/">
            {t('checkout.paid.backToStart')}
          </Link>
        </p>
      )}
    </>
  );
}
