import { render, screen, waitFor } from '@testing-library/react';
import { loadRemote } from '@module-federation/runtime';
import type { RuntimeConfig } from '@fu/shared';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@fu/shared/pages';
import { fakeApi } from '@fu/shared/testing';
import { MAX_REPORTS, startErrorReports } from './errorReports';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteApp, startFederation } from './remotes';

jest.mock('@module-federation/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const server = fakeApi();

const CHECKOUT_RELEASE = '2.0.0-abcdef0';
const config: RuntimeConfig = {
  apiBaseUrl: '',
  remotes: {
    ordering: 'http://localhost:8081/remoteEntry.js',
    checkout: `https://cdn.example/checkout/releases/${CHECKOUT_RELEASE}/remoteEntry.js`,
    tickets: 'https://cdn.example/tickets/remoteEntry.js',
    fundraiser: 'https://cdn.example/fundraiser/remoteEntry.js',
  },
  releases: { ordering: 'unreleased', checkout: CHECKOUT_RELEASE, tickets: 'unreleased', fundraiser: 'unreleased' },
};

/** The bodies POSTed to /api/Logger/Log/, in order. */
const reports = () =>
  server.sent.map((request) => {
    expect(`${request.method?.toUpperCase()} ${request.url}`).toBe('POST /api/Logger/Log/');
    return JSON.parse(request.data as string) as { message: string; level: number; remote?: string; version?: string };
  });

let path = '/';
let reporter: ReturnType<typeof startErrorReports> | undefined;
const start = (runtimeConfig: () => Promise<RuntimeConfig> = async () => config) =>
  (reporter = startErrorReports(window, { runtimeConfig, pathname: () => path }));

beforeEach(() => {
  path = '/';
  server.answer({ logged: true });
});
afterEach(() => {
  reporter?.stop();
  reporter = undefined;
  jest.restoreAllMocks();
});

/** An error whose stack runs through `url` first, as a browser's would. */
function thrownAt(message: string, url?: string): Error {
  const error = new Error(message);
  if (url) error.stack = `Error: ${message}\n    at render (${url}:1:2048)\n    at next (${url}:1:99)`;
  return error;
}

const uncaught = (error: Error, filename = '') =>
  window.dispatchEvent(new ErrorEvent('error', { message: `Uncaught ${error.message}`, filename, error }));

function unhandledRejection(reason: unknown) {
  const event = Object.assign(new Event('unhandledrejection'), { reason });
  window.dispatchEvent(event);
}

function Throws(): never {
  throw new Error('Cannot read properties of undefined (reading total)');
}

describe('error reports', () => {
  it("reports a remote's render error caught by its boundary with the remote and its release", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    start();
    render(
      <RemoteErrorBoundary remote="checkout" onRetry={() => undefined}>
        <Throws />
      </RemoteErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot read properties');
    await waitFor(() => expect(server.sent).toHaveLength(1));
    await reporter!.settled();
    const [report] = reports();
    expect(report).toMatchObject({ level: 4, remote: 'checkout', version: CHECKOUT_RELEASE });
    expect(report!.message).toMatch(
      /^Remote failed to render: Error: Cannot read properties of undefined \(reading total\)\nat /,
    );
    // The error's words and its first frames, nothing more.
    expect(report!.message.split('\n').length).toBeLessThanOrEqual(6);
    // Once, though React may surface it again.
    expect(server.sent).toHaveLength(1);
  });

  it("puts a window error down to the remote whose folder its script is in, else the route's remote, else the shell", async () => {
    start();
    path = '/Give';
    uncaught(thrownAt('from the checkout chunk'), `https://cdn.example/checkout/releases/${CHECKOUT_RELEASE}/417.js`);
    uncaught(thrownAt('from a tickets frame', 'https://cdn.example/tickets/src_features_wallet.js'));
    unhandledRejection(thrownAt('a rejection with no script'));
    path = '/Help';
    uncaught(thrownAt("from the shell's own script", 'http://localhost:8080/main.js'));
    await waitFor(() => expect(server.sent).toHaveLength(4));
    await reporter!.settled();
    expect(reports().map(({ message, remote, version }) => [message.split('\n')[0], remote, version])).toEqual([
      ['Uncaught error: Error: from the checkout chunk', 'checkout', CHECKOUT_RELEASE],
      ['Uncaught error: Error: from a tickets frame', 'tickets', 'unreleased'],
      ['Unhandled rejection: Error: a rejection with no script', 'ordering', 'unreleased'],
      ["Uncaught error: Error: from the shell's own script", 'shell', undefined],
    ]);
  });

  it('reports a remote that fails to load, the federation refusal included, after its retries', async () => {
    jest.useFakeTimers();
    try {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const inline = Object.assign(document.createElement('script'), {
        id: RUNTIME_CONFIG_ELEMENT_ID,
        type: 'application/json',
        textContent: JSON.stringify(config),
      });
      document.body.append(inline);
      start(startFederation);
      const refusal = new Error(
        "Remote fundraiser runs on the shell's federation runtime 0.x, but the page provides version 1.0.0 (from shell).",
      );
      jest.mocked(loadRemote).mockRejectedValue(refusal);
      const loading = loadRemoteApp('fundraiser');
      const failed = expect(loading).rejects.toThrow('Loading chunk fundraiser failed');
      await jest.runAllTimersAsync();
      await failed;
      await reporter!.settled();
      expect(loadRemote).toHaveBeenCalledTimes(3);
      expect(reports()).toEqual([
        {
          message: expect.stringMatching(
            /^Remote failed to load: Error: Remote fundraiser runs on the shell's federation/,
          ),
          level: 4,
          remote: 'fundraiser',
          version: 'unreleased',
        },
      ]);
      inline.remove();
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends at most a handful of reports a page load, one per distinct error, trimmed to the contract', async () => {
    start();
    for (let round = 0; round < 3; round++) uncaught(thrownAt('the same error again', 'http://localhost:8081/1.js'));
    uncaught(new Error('x'.repeat(5000)));
    for (let i = 0; i < 30; i++) uncaught(new Error(`error number ${i}`));
    await reporter!.settled();
    const sent = reports();
    expect(sent).toHaveLength(MAX_REPORTS);
    expect(sent.filter((report) => report.message.includes('the same error again'))).toHaveLength(1);
    expect(sent[1]!.message).toHaveLength(2000);
  });

  it('never reports its own failure, and never throws when it cannot report', async () => {
    server.answer({ message: 'Too many requests' }, 429);
    const onRejection = jest.fn();
    window.addEventListener('unhandledrejection', onRejection);
    try {
      start();
      uncaught(new Error('first'));
      unhandledRejection({ anObject: 'with personal data' });
      await reporter!.settled();
      expect(reports().map((report) => report.message)).toEqual([
        expect.stringMatching(/^Uncaught error: Error: first/),
        'Unhandled rejection: a non-Error object',
      ]);
      // Only the one the test dispatched: the failed reports rejected nothing unhandled.
      expect(onRejection).toHaveBeenCalledTimes(1);

      reporter!.stop();
      server.sent.length = 0;
      start(() => Promise.reject(new Error('no runtime config')));
      expect(() => uncaught(new Error('while the config is missing'))).not.toThrow();
      await reporter!.settled();
      expect(server.sent).toHaveLength(0);
    } finally {
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
