import { NotFound, Route, Routes } from '@fu/shared';
import { FundraiserPage } from './features/device-page';
import { FundraiserOrdersPage } from './features/orders';
import { MyFundraisersPage } from './features/my-fundraisers';

/** Student device routes (spec §2 Fundraiser device pages). */
export function App() {
  return (
    <Routes>
      <Route path="Fundraiser/:fundraiserDeviceGuid" element={<FundraiserPage />} />
      <Route path="FundraiserOrders/:fdid" element={<FundraiserOrdersPage />} />
      <Route path="Fundraisers/:fdid" element={<MyFundraisersPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export default App;
