/**
 * A ref callback for a bar stuck to the bottom of the viewport (the order page's total): while it
 * is there, the page's scroll-padding-bottom is its height, so the browser scrolls whatever takes
 * focus above it instead of leaving it underneath (WCAG 2.4.11 Focus Not Obscured). The height
 * follows the bar as it grows (a shipping or donation line) or wraps.
 */
export function keepFocusAboveBar(bar: HTMLElement | null): (() => void) | undefined {
  if (!bar) return undefined;
  const root = document.documentElement;
  const pad = () => {
    root.style.scrollPaddingBottom = `${bar.offsetHeight}px`;
  };
  let observer: ResizeObserver | undefined;
  if (typeof ResizeObserver === 'undefined') pad();
  else {
    // The observer's first report comes once the page is laid out: reading the height here, while
    // React is still mounting the page, would lay the whole page out an extra time.
    observer = new ResizeObserver(pad);
    observer.observe(bar);
  }
  return () => {
    observer?.disconnect();
    root.style.removeProperty('scroll-padding-bottom');
  };
}
