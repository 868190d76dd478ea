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
  it("pads the page's scroll by the bar's height while the bar is there (no ResizeObserver)", () => {
    const cleanup = keepFocusAboveBar(barOf(() => 116));
    expect(document.documentElement.style.scrollPaddingBottom).toBe('116px');
    cleanup!();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });

  it("pads by the observer's first report, not by reading the height while the page mounts", () => {
    let height = 116;
    let reads = 0;
    const bar = barOf(() => {
      reads += 1;
      return height;
    });
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
    expect(reads).toBe(0);
    // The browser reports the bar's size once it has laid the page out, then whenever it changes.
    resized();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('116px');
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
