import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@fu/shared';
import { SelectSchoolPage, SelectStatePage, SelectTeamPage } from './features/selection';
import { OrderPage } from './features/order';

/** Ordering routes, relative to wherever the shell mounts this remote (spec §2 Selection, Order). */
export function App() {
  return (
    <Routes>
      <Route index element={<SelectStatePage mode="purchase" />} />
      <Route path="SelectLocation" element={<SelectStatePage mode="purchase" />} />
      <Route path="Give" element={<SelectStatePage mode="give" />} />
      <Route path="Donate" element={<SelectStatePage mode="donate" />} />
      <Route path="Purchase" element={<SelectStatePage mode="purchase" />} />
      <Route path="Purchase/:pItemId" element={<SelectStatePage mode="purchase" />} />
      <Route path="Purchase/:pItemId/:pPhone" element={<SelectStatePage mode="purchase" />} />
      <Route path="SelectSchool/:location/:itemId/:phone" element={<SelectSchoolPage />} />
      <Route path="SelectTeam/:schoolId/:itemId/:phone" element={<SelectTeamPage />} />
      <Route path="Order/*" element={<OrderPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export default App;
