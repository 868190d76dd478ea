import { startTransition, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * Renders `element` into `container` as a transition: React then works in slices of a few
 * milliseconds and gives the main thread back in between (a plain first render runs to the end in
 * one task, a long task on a slow phone that taps and scrolls wait for).
 */
export function renderYielding(container: HTMLElement, element: ReactNode): Root {
  const root = createRoot(container);
  startTransition(() => root.render(element));
  return root;
}
