import { Outlet, useLocation, useT } from '@fu/shared';
import { showsHeader } from '../routing/routeTable';
import { useRouteFocus } from '../routing/useRouteFocus';
import { Header } from './Header';
import { Footer } from './Footer';

/** The page's frame, in the global fp- classes the server's first paint shares (@fu/shared/firstPaint.css). */
export function Layout() {
  const { pathname } = useLocation();
  const t = useT();
  useRouteFocus('content');
  return (
    <div className="fp-frame">
      <a className="fp-skip-link" href="#content">
        {t('shell.skipLink')}
      </a>
      {showsHeader(pathname) && <Header />}
      <div id="content" className="fp-content">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
