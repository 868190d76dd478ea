import { useEffect } from 'react';
import {
  errorMessage,
  firstCalls,
  PageHeading,
  recordedSaleOf,
  Spinner,
  useAsync,
  useServedAnswer,
  type PageCall,
  type FundraiserOrder,
  useParams,
  useT,
} from '@fu/shared';
import { parseRouteItemId } from '../../../utils/routeParams';
import { countEngagementOnce, orderApi, type EngagementKind } from '../api/orderApi';
import type { OrderFormMode } from '../orderMode';
import { OrderForm } from './OrderForm';
import { PaidOrderWayOn } from './PaidOrderWayOn';
import { StartPageLink } from './StartPageLink';

/** Loads the order for one of the spec's order routes, then shows the form. */
function LoadedOrder({
  load,
  call,
  deps,
  mode,
  engagement,
}: {
  load: () => Promise<FundraiserOrder & { status?: string }>;
  /** The page's first call, which `load` makes: what the server read for it, the page starts from. */
  call: PageCall;
  deps: unknown[];
  mode: OrderFormMode;
  engagement?: { kind: EngagementKind; guid: string };
}) {
  const t = useT();
  const state = useAsync(load, deps, useServedAnswer(call));
  useEffect(() => {
    if (engagement) countEngagementOnce(engagement.kind, engagement.guid);
  }, [engagement?.kind, engagement?.guid]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') {
    return (
      <main className="page">
        <PageHeading title={t('ordering.order.title')}>{t('ordering.order.title')}</PageHeading>
        <p role="alert">{t(errorMessage(state.error))}</p>
        <StartPageLink />
      </main>
    );
  }
  if (state.data.status && state.data.status !== 'unpaid') {
    return (
      <main className="page">
        <PageHeading title={t('ordering.order.title')}>
          {t('ordering.order.numbered', { orderId: String(state.data.orderId) })}
        </PageHeading>
        <p role="alert">{t('ordering.order.paid')}</p>
        <PaidOrderWayOn order={state.data} />
      </main>
    );
  }
  return <OrderForm order={state.data} mode={mode} />;
}

function ByFundraiser() {
  const params = useParams();
  const fundraiserId = parseRouteItemId(params.fundraiserId);
  const itemId = parseRouteItemId(params.itemId);
  return (
    <LoadedOrder
      load={() => orderApi.fundraiserDetails(fundraiserId)}
      call={firstCalls.fundraiserDetails(fundraiserId)}
      deps={[fundraiserId]}
      mode={{ itemId, cashCheck: undefined }}
    />
  );
}

/** The draft order NewOrderWithFDID made for a cash/check sale, when the {cashcheck} segment names one. */
export function draftOrderId(cashcheck: string | undefined): number | undefined {
  return cashcheck && /^[1-9]\d{0,9}$/.test(cashcheck) ? Number(cashcheck) : undefined;
}

function ByDevice() {
  const { fdid = '', cashcheck } = useParams();
  return (
    <LoadedOrder
      load={() => orderApi.detailsForDevice(fdid)}
      call={firstCalls.detailsForDevice(fdid)}
      deps={[fdid]}
      mode={{ itemId: 0, cashCheck: cashcheck, fundraiserDeviceGuid: fdid, orderId: draftOrderId(cashcheck) }}
      engagement={{ kind: 'page', guid: fdid }}
    />
  );
}

/** A student's shared link: /Order/Contact/{contactGuid} or /Order/Social/{socialGuid}, each counted once. */
function BySharedLink({ param, kind }: { param: 'contactGuid' | 'socialGuid'; kind: 'contact' | 'social' }) {
  const guid = useParams()[param] ?? '';
  const load = kind === 'contact' ? orderApi.detailsForStudentContact : orderApi.detailsForSocialMedia;
  const call = kind === 'contact' ? firstCalls.detailsForStudentContact(guid) : firstCalls.detailsForSocialMedia(guid);
  return (
    <LoadedOrder load={() => load(guid)} call={call} deps={[guid]} mode={{ itemId: 0 }} engagement={{ kind, guid }} />
  );
}

/**
 * Edit of a saved order. A cash or check sale this tab recorded stays one (its checkout's Edit):
 * the tab remembers its student page, so the page says so again and Continue leads back to the
 * cash/check checkout; any other order is edited as a supporter's.
 */
function ByEdit() {
  const orderId = parseRouteItemId(useParams().orderId);
  const sale = recordedSaleOf(orderId);
  const mode: OrderFormMode = sale
    ? {
        itemId: 0,
        orderId,
        cashCheck: String(orderId),
        fundraiserDeviceGuid: sale.pageGuid,
        studentName: sale.studentName,
      }
    : { itemId: 0, orderId };
  return (
    <LoadedOrder
      load={() => orderApi.fundraiserOrder(orderId)}
      call={firstCalls.fundraiserOrder(orderId)}
      deps={[orderId]}
      mode={mode}
    />
  );
}

/** The order routes of spec §2, each a page of the remote's table (src/pages.tsx). */
export type OrderRoute = 'fundraiser' | 'device' | 'contact' | 'social' | 'edit';

/** The order page for one of its routes. */
export function OrderPage({ route }: { route: OrderRoute }) {
  switch (route) {
    case 'fundraiser':
      return <ByFundraiser />;
    case 'device':
      return <ByDevice />;
    case 'contact':
      return <BySharedLink param="contactGuid" kind="contact" />;
    case 'social':
      return <BySharedLink param="socialGuid" kind="social" />;
    case 'edit':
      return <ByEdit />;
  }
}
