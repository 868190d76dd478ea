import { useEffect, type ReactNode } from 'react';

/** The page's h1, which also names the browser tab so each route is announced on navigation. */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  useEffect(() => {
    document.title = `${title} | Fundraising University`;
  }, [title]);
  return <h1>{children}</h1>;
}
