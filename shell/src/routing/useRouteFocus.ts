import { useEffect, useRef } from 'react';
import { useLocation } from '@fu/shared';

/** How long a new page may take to show its heading (a remote loading, then its data). */
export const HEADING_WAIT_MS = 10_000;

/**
 * Every route change (issue 19), for every remote: the new page starts at the top of the window
 * (the long order page's scroll position would otherwise carry over to checkout) and its heading
 * takes focus, so keyboard and screen-reader users start at the page's beginning and hear its name.
 * A remote renders its heading when it has loaded, maybe after its data, and may render it anew
 * (a loading state between): the heading is awaited, and a replaced one focused again, as long as
 * the user has not moved focus on. The first page of a visit is left as the browser opens it.
 */
export function useRouteFocus(contentId: string) {
  const { pathname } = useLocation();
  // The path last seen: the first page, and an effect run again for the same path, are left alone.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const content = document.getElementById(contentId);
    if (!content) return;
    window.scrollTo(0, 0);
    const startFocus = document.activeElement;
    let focused: HTMLElement | null = null;
    const attempt = () => {
      const active = document.activeElement;
      const free = !active || active === document.body || active === startFocus || active === focused;
      const heading = content.querySelector<HTMLElement>('h1');
      if (!free || !heading || heading === active) return;
      // Focusable by script only: not a Tab stop.
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      if (!focused) window.scrollTo(0, 0);
      focused = heading;
    };
    attempt();
    const observer = new MutationObserver(attempt);
    observer.observe(content, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, contentId]);
}
