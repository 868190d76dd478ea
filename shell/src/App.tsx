import { Route, Routes } from '@fu/shared';
import { Layout } from './layout/Layout';
import { HelpPage } from './help/HelpPage';
import { RemoteOutlet } from './routing/RemoteOutlet';
import { AdminRedirect } from './admin/AdminRedirect';
import { shellRoutes } from './routing/shellRoutes';

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={shellRoutes.help} element={<HelpPage />} />
        <Route path={shellRoutes.admin} element={<AdminRedirect />} />
        {/* Everything else belongs to a remote, chosen by the route table (or the 404 page). */}
        <Route path={shellRoutes.rest} element={<RemoteOutlet />} />
      </Route>
    </Routes>
  );
}
