import { firstCalls, type Page } from '@fu/shared';
import { FundraiserPage } from './features/device-page';
import { FundraiserOrdersPage } from './features/orders';
import { MyFundraisersPage } from './features/my-fundraisers';

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
];
