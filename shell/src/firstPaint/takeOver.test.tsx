import { act, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { Spinner } from '@fu/shared';
import { mountOverFirstPaint } from './takeOver';

// The served page as the server writes it (server/src/html/firstPaint.ts), and the app's own page:
// a spinner first (its remote loading), then its heading and links.
const SERVED =
  '<div id="first-paint"><div class="fp-frame"><a class="fp-skip-link" href="#content">Skip to content</a>' +
  '<div id="content"><main><h1>States</h1><ul><li><a href="/SelectSchool/Texas/0/0">Texas</a></li></ul></main></div>' +
  '</div></div><div id="root"></div>';

let showPage: () => void = () => {};

function AppPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    showPage = () => setLoaded(true);
  }, []);
  return (
    <div>
      <a className="fp-skip-link" href="#content">
        Skip to content
      </a>
      <div id="content">
        {loaded ? (
          <main>
            <h1>States</h1>
            <ul>
              <li>
                <a href="/SelectSchool/Texas/0/0">Texas</a>
              </li>
            </ul>
          </main>
        ) : (
          <Spinner />
        )}
      </div>
    </div>
  );
}

let root: Root | undefined;
const mount = (waitMs?: number) => {
  const container = document.getElementById('root')!;
  act(() => mountOverFirstPaint(container, (element) => (root = createRoot(element)).render(<AppPage />), waitMs));
  return container;
};

beforeEach(() => {
  document.body.innerHTML = SERVED;
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

describe('taking over from the served first paint', () => {
  it('keeps the served page while the app loads, then puts the app in its place', async () => {
    const container = mount();
    await waitFor(() => expect(container.querySelector('[role="status"]')).not.toBeNull());
    // Loading: only the served page is in the document, and #root is out of it.
    expect(container.isConnected).toBe(false);
    expect(document.querySelectorAll('h1')).toHaveLength(1);

    act(() => showPage());
    await waitFor(() => expect(document.getElementById('first-paint')).toBeNull());
    expect(document.body.firstElementChild).toBe(container);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(container.querySelector('h1')).toHaveTextContent('States');
  });

  it("moves focus from a served element to the app's same one", async () => {
    const container = mount();
    document.querySelector<HTMLElement>('#first-paint a[href="/SelectSchool/Texas/0/0"]')!.focus();
    act(() => showPage());
    await waitFor(() => expect(document.getElementById('first-paint')).toBeNull());
    expect(document.activeElement).toBe(container.querySelector('a[href="/SelectSchool/Texas/0/0"]'));
  });

  it('takes over after its wait even when the page never looks ready', async () => {
    const container = mount(50);
    await waitFor(() => expect(container.isConnected).toBe(true));
    expect(document.getElementById('first-paint')).toBeNull();
    expect(container.querySelector('[role="status"]')).not.toBeNull();
  });

  it('renders in place when the page has no first paint (the offline page)', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const container = mount();
    expect(container.isConnected).toBe(true);
    expect(container.querySelector('[role="status"]')).not.toBeNull();
  });
});
