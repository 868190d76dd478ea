import { useEffect, type ReactNode } from 'react';
import { useT } from '../i18n/react';

/**
 * Names the browser tab after the page (WCAG 2.4.2), on every page the app draws: the title the
 * server's HTML carries is only the first page's, and a route change in the app keeps the last one.
 */
export function usePageTitle(title: string) {
  const t = useT();
  const tabTitle = t('shared.pageTitle', { title });
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);
}

/** The page's h1, which also names the browser tab so each route is announced on navigation. */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  usePageTitle(title);
  return <h1>{children}</h1>;
}
