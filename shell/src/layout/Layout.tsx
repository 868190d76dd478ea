import { Outlet, useLocation } from '@fu/shared';
import { showsHeader } from '../routing/routeTable';
import { useRouteFocus } from '../routing/useRouteFocus';
import { Header } from './Header';
import { Footer } from './Footer';
import styles from './layout.module.css';

export function Layout() {
  const { pathname } = useLocation();
  useRouteFocus('content');
  return (
    <div className={styles.frame}>
      <a className={styles.skipLink} href="#content">
        Skip to content
      </a>
      {showsHeader(pathname) && <Header />}
      <div id="content" className={styles.content}>
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
