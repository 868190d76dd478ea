import { useEffect, useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, useLocation } from '@fu/shared';
import { App as ShellApp } from './App';
import { lazyRemoteApp } from './federation/lazyRemoteApp';
import { loadRemoteApp, RemoteLoadError } from './federation/remotes';
import { RemoteAppsContext } from './routing/remoteApps';

jest.mock('./federation/remotes', () => {
  const actual = jest.requireActual('./federation/remotes');
  return { ...actual, loadRemoteApp: jest.fn(), startFederation: jest.fn() };
});

const loadRemote = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

/** The shell as the browser starts it: remotes through the federation runtime (mocked here). */
function App() {
  return (
    <RemoteAppsContext.Provider value={lazyRemoteApp}>
      <ShellApp />
    </RemoteAppsContext.Provider>
  );
}

/** Stands in for a remote's App: it shows the path it was asked to render. */
function PathEcho() {
  return <h1>remote at {useLocation().pathname}</h1>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

beforeEach(() => loadRemote.mockReset());

describe('shell layout', () => {
  it('shows the tagline and the Help & Support link around a remote page', async () => {
    loadRemote.mockResolvedValue(PathEcho);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'remote at /' }, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getByText('Fueled by Fundraising University')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', '/Help');
    expect(loadRemote).toHaveBeenCalledWith('ordering');
  });

  it('hides the header on order pages but keeps the footer', async () => {
    loadRemote.mockResolvedValue(PathEcho);
    renderAt('/order/1/0/0');
    expect(
      await screen.findByRole('heading', { name: 'remote at /order/1/0/0' }, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Fueled by Fundraising University')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help & Support' })).toBeInTheDocument();
  });

  it('renders Help without the header and without loading a remote', () => {
    renderAt('/Help');
    expect(screen.getByRole('heading', { name: 'How Can We Help' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find your receipt' })).toHaveAttribute('href', '/Receipts');
    expect(screen.getByText(/reply within 24 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /registration guide/i })).toBeInTheDocument();
    expect(screen.queryByText('Fueled by Fundraising University')).not.toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('shows the 404 page for an unknown path', () => {
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('Fueled by Fundraising University')).toBeInTheDocument();
  });

  it("shows the 404 page for a page link whose parameter names nothing, without loading the page's remote", () => {
    for (const path of ['/Fundraiser/not-a-guid', '/Checkout/abc', '/MyOffers/1']) {
      const { unmount } = renderAt(path);
      expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      unmount();
    }
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('shows a fallback with Retry inside the layout when a remote cannot load, and Retry loads it', async () => {
    loadRemote.mockRejectedValueOnce(new RemoteLoadError('checkout', new Error('offline')));
    renderAt('/Checkout/5');
    expect(await screen.findByText('Loading chunk checkout failed', undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Help & Support' })).toBeInTheDocument();

    loadRemote.mockResolvedValueOnce(() => <h1>Checkout</h1>);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' }, { timeout: 2000 })).toBeInTheDocument();
  });
});

// The shell keeps one lazy component per remote for the whole file: each test below uses a remote
// no other test has loaded.

/** A remote page with a link onward; its heading shows only once its "data" has come. */
function SlowPage() {
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setLoaded(false);
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, [pathname]);
  return (
    <main>
      {loaded && <h1>page {pathname}</h1>}
      <Link to="/MyTicket/11111111-1111-4111-8111-11111111111b">Texas</Link>
    </main>
  );
}

describe('shell: every route change starts at the top with the heading focused (issue 19)', () => {
  beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('scrolls to the top and focuses the new page heading once it appears, not on the first page', async () => {
    loadRemote.mockResolvedValue(SlowPage);
    renderAt('/MyOffers/11111111-1111-4111-8111-11111111111a');
    const first = await screen.findByRole(
      'heading',
      { name: 'page /MyOffers/11111111-1111-4111-8111-11111111111a' },
      { timeout: 2000 },
    );
    expect(first).not.toHaveFocus();
    expect(window.scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'Texas' }));
    const next = await screen.findByRole('heading', { name: 'page /MyTicket/11111111-1111-4111-8111-11111111111b' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(next).toHaveAttribute('tabindex', '-1');
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});

describe('shell: route focus leaves a user who has moved on alone', () => {
  beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('does not take focus back from a field the user went to before the heading came', async () => {
    function FieldFirst() {
      const { pathname } = useLocation();
      const [loaded, setLoaded] = useState(false);
      useEffect(() => {
        setLoaded(false);
      }, [pathname]);
      return (
        <main>
          {loaded && <h1>late {pathname}</h1>}
          <input aria-label="Search" />
          <button onClick={() => setLoaded(true)}>Load</button>
          <Link to="/Fundraisers/11111111-1111-4111-8111-11111111111b">Texas</Link>
        </main>
      );
    }
    loadRemote.mockResolvedValue(FieldFirst);
    renderAt('/Fundraiser/11111111-1111-4111-8111-11111111111a');
    fireEvent.click(await screen.findByRole('link', { name: 'Texas' }, { timeout: 2000 }));
    const search = screen.getByLabelText('Search');
    search.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(
      await screen.findByRole('heading', { name: 'late /Fundraisers/11111111-1111-4111-8111-11111111111b' }),
    ).not.toHaveFocus();
    expect(search).toHaveFocus();
  });
});
