/**
 * In the page: whether the app runs it, i.e. React has taken over the layout's frame in #root (a page
 * the server rendered is hydrated in place, one it did not is drawn). React's nodes carry its own
 * properties. The frame, not #root's first child: React's render puts an image's preload `<link>`
 * before it. A served page already shows its text before this holds.
 *
 * Sent to the page as its source (page.evaluate, or inside a script of the bench's), so it imports
 * nothing and names no function inside: the bench's tsx would wrap a named one in a helper the page
 * does not have. The e2e specs (appRunning.ts) and the bench (bench/src/appRunning.ts) both use it.
 */
export function appRunning(): boolean {
  const frame = document.querySelector('#root > .fp-frame');
  return frame ? Object.keys(frame).some((key) => key.startsWith('__reactFiber')) : false;
}
