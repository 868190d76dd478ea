import { Route, Routes } from '@fu/shared';
import { Layout } from './layout/Layout';
import { HelpPage } from './help/HelpPage';
import { RemoteOutlet } from './routing/RemoteOutlet';
import { AdminRedirect } from './admin/AdminRedirect';

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/Help" element={<HelpPage />} />
        <Route path="/Admin/*" element={<AdminRedirect />} />
        {/* Everything else belongs to a remote, chosen by the route table (or the 404 page). */}
        <Route path="*" element={<RemoteOutlet />} />
      </Route>
    </Routes>
  );
}
