import { FIRST_PAINT_ELEMENT_ID, SPINNER_SELECTOR } from '@fu/shared';

/** The longest the served first paint stays up for an app page that never looks ready (no heading). */
export const TAKEOVER_WAIT_MS = 10_000;

/**
 * The app's page is ready to replace the served one: its content area has its heading (or an
 * alert: the page's error) and nothing in it is loading. A failed remote's Retry page and the 404
 * page have headings too.
 */
export function pageReady(app: ParentNode): boolean {
  const content = app.querySelector('#content');
  if (!content || content.querySelector(SPINNER_SELECTOR)) return false;
  return content.querySelector('h1, [role="alert"]') !== null;
}

/** The app's element that is the served `element`: the same tag, link target and text. */
function counterpart(element: Element, app: ParentNode): HTMLElement | undefined {
  const href = element.getAttribute('href');
  const text = element.textContent?.trim();
  return Array.from(app.querySelectorAll<HTMLElement>(element.tagName)).find(
    (candidate) => candidate.getAttribute('href') === href && candidate.textContent?.trim() === text,
  );
}

/**
 * Puts the app where the served page was, in one task (nothing is painted in between). Focus moves
 * to the app's counterpart of what had it (a Tab pressed before takeover: the skip link, a state
 * link) while the served element still holds it, so the browser keeps showing the focus ring; the
 * scroll position stays.
 */
export function swapIn(app: HTMLElement, served: HTMLElement): void {
  const { scrollX, scrollY } = window;
  const focused = document.activeElement;
  const match = focused && focused !== served && served.contains(focused) ? counterpart(focused, app) : undefined;
  served.before(app);
  match?.focus({ preventScroll: true });
  served.remove();
  if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
}

/**
 * Renders the app into `root`. When the server painted the page first (#first-paint), React renders
 * into `root` taken out of the page (createRoot would otherwise clear the served page and show a
 * spinner while the remote loads, and both pages' text would be in the document at once) and takes
 * the served page's place when its own page is ready, or after TAKEOVER_WAIT_MS whatever it shows.
 * A page without a first paint (the offline worker's cached index.html) renders in place as before.
 */
export function mountOverFirstPaint(
  root: HTMLElement,
  render: (container: HTMLElement) => void,
  waitMs = TAKEOVER_WAIT_MS,
): void {
  const served = document.getElementById(FIRST_PAINT_ELEMENT_ID);
  if (!served) {
    render(root);
    return;
  }
  root.remove();
  const finish = () => {
    observer.disconnect();
    clearTimeout(timer);
    if (!root.isConnected) swapIn(root, served);
  };
  const observer = new MutationObserver(() => {
    if (pageReady(root)) finish();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(finish, waitMs);
  render(root);
}
