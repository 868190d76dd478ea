import { keepFocusAboveBar } from './keepFocusAboveBar';

/** A bar whose height is what `height` answers at the time (jsdom lays nothing out). */
function barOf(height: () => number) {
  const bar = document.createElement('section');
  Object.defineProperty(bar, 'offsetHeight', { get: height });
  return bar;
}

afterEach(() => {
  document.documentElement.removeAttribute('style');
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

describe('keepFocusAboveBar', () => {
  it("pads the page's scroll by the bar's height while the bar is there", () => {
    const cleanup = keepFocusAboveBar(barOf(() => 116));
    expect(document.documentElement.style.scrollPaddingBottom).toBe('116px');
    cleanup!();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });

  it('follows the bar as it grows, and stops watching it when it goes', () => {
    let height = 116;
    const bar = barOf(() => height);
    let resized: () => void = () => undefined;
    const disconnect = jest.fn();
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      constructor(callback: () => void) {
        resized = callback;
      }
      observe = jest.fn();
      disconnect = disconnect;
    };
    const cleanup = keepFocusAboveBar(bar);
    height = 164;
    resized();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('164px');
    cleanup!();
    expect(disconnect).toHaveBeenCalled();
  });

  it('does nothing when React passes null', () => {
    expect(keepFocusAboveBar(null)).toBeUndefined();
  });
});
