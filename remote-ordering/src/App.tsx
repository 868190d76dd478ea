import { lazy, Suspense } from 'react';
import { NotFound, Route, Routes, Spinner } from '@fu/shared';
import { SelectSchoolPage, SelectStatePage, SelectTeamPage } from './features/selection';

// The order page (bundles, items, the order store) is most of this remote; the state list at '/'
// must not download it. An order link fetches it right after the remote's App (one more request),
// unless the server's HTML preloaded it: the chunk is the one webpack makes for the exposed
// './OrderPage' (shared/src/remotes.json lazyPages), named so, which the remote's manifest lists.
const OrderPage = lazy(() =>
  import(/* webpackChunkName: "__federation_expose_OrderPage" */ './features/order').then((feature) => ({
    default: feature.OrderPage,
  })),
);

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
      <Route
        path="Order/*"
        element={
          <Suspense fallback={<Spinner />}>
            <OrderPage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export default App;
