import { useAsync, useT, type FundraiserOrder } from '@fu/shared';
import { orderApi } from '../api/orderApi';
import { StartPageLink } from './StartPageLink';

/**
 * The way on from a paid order's Edit page: its receipt for the browser that paid it (the server
 * answers the receipt address to that browser only), the start page for anyone else.
 */
export function PaidOrderWayOn({ order }: { order: Pick<FundraiserOrder, 'orderId' | 'appSiteUrl'> }) {
  const t = useT();
  const receipt = useAsync(() => orderApi.digitalReceipt(order.appSiteUrl, order.orderId), [order.orderId]);
  if (receipt.status === 'loading') return null;
  if (receipt.status === 'error') return <StartPageLink />;
  return (
    <p>
      <a className="link-target" href={receipt.data}>
        {t('ordering.order.viewReceipt')}
      </a>
    </p>
  );
}
