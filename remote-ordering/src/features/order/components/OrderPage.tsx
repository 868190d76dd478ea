import { useEffect } from 'react';
import {
  errorMessage,
  NotFound,
  PageHeading,
  recordedSaleOf,
  Spinner,
  useAsync,
  type FundraiserOrder,
  Route,
  Routes,
  useParams,
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
  deps,
  mode,
  engagement,
}: {
  load: () => Promise<FundraiserOrder & { status?: string }>;
  deps: unknown[];
  mode: OrderFormMode;
  engagement?: { kind: EngagementKind; guid: string };
}) {
  const state = useAsync(load, deps);
  useEffect(() => {
    if (engagement) countEngagementOnce(engagement.kind, engagement.guid);
  }, [engagement?.kind, engagement?.guid]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') {
    return (
      <main className="page">
        <PageHeading title="Order">Order</PageHeading>
        <p role="alert">{errorMessage(state.error)}</p>
        <StartPageLink />
      </main>
    );
  }
  if (state.data.status && state.data.status !== 'unpaid') {
    return (
      <main className="page">
        <PageHeading title="Order">Order #{state.data.orderId}</PageHeading>
        <p role="alert">This order has already been paid and can no longer be changed.</p>
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
  return <LoadedOrder load={() => load(guid)} deps={[guid]} mode={{ itemId: 0 }} engagement={{ kind, guid }} />;
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
  return <LoadedOrder load={() => orderApi.fundraiserOrder(orderId)} deps={[orderId]} mode={mode} />;
}

/** Spec §2 Order routes. */
export function OrderPage() {
  return (
    <Routes>
      <Route path="Edit/:orderId" element={<ByEdit />} />
      <Route path="Contact/:contactGuid" element={<BySharedLink param="contactGuid" kind="contact" />} />
      <Route path="Social/:socialGuid" element={<BySharedLink param="socialGuid" kind="social" />} />
      <Route path=":fundraiserId/:itemId/:phone" element={<ByFundraiser />} />
      <Route path=":fdid/:cashcheck" element={<ByDevice />} />
      <Route path=":fdid" element={<ByDevice />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
