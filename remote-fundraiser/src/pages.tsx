import { firstCalls, type Page } from '@fu/shared';
import { FundraiserPage } from './features/device-page';
import { FundraiserOrdersPage } from './features/orders';
import { MyFundraisersPage } from './features/my-fundraisers';
import { ParentConsentPage } from './features/parental-consent';

/** The student device pages (spec §2 Fundraiser device pages): the one place each is declared. */
export const pages: readonly Page[] = [
  {
    path: '/Fundraiser/:fundraiserDeviceGuid',
    element: <FundraiserPage />,
    firstCalls: (p) => [firstCalls.myFundraiser(p.fundraiserDeviceGuid!), firstCalls.qrCode(p.fundraiserDeviceGuid!)],
    holdersOnly: true,
  },
  { path: '/FundraiserOrders/:fdid', element: <FundraiserOrdersPage /> },
  { path: '/Fundraisers/:fdid', element: <MyFundraisersPage /> },
  // Issue 34 (COPPA): a parent's texted link. Its token is the parent's: nothing is read for a preview.
  { path: '/ParentConsent/:token', element: <ParentConsentPage /> },
];
