import { requireShellRuntime, shellRuntime } from './shellRuntime';

/** A page on which the shell provided every library, in `version`. */
function page(version = '2.9.2'): Record<string, unknown> {
  const scope: Record<string, unknown> = { [shellRuntime.versionGlobal]: { name: 'shell', version } };
  for (const global of Object.values(shellRuntime.libraries)) scope[global] = {};
  return scope;
}

describe('requireShellRuntime', () => {
  it('accepts a page with every library of the same major version, whatever its minor and patch', () => {
    expect(() => requireShellRuntime(page('2.9.2'), 'ordering', '2.9.2')).not.toThrow();
    expect(() => requireShellRuntime(page('2.11.0'), 'ordering', '2.9.2')).not.toThrow();
  });

  it('names each library the page lacks and the global it was looked for on', () => {
    const scope = page();
    delete scope._FEDERATION_BUNDLER_RUNTIME;
    scope._FEDERATION_ERROR_CODES = null;
    expect(() => requireShellRuntime(scope, 'ordering', '2.9.2')).toThrow(
      "Remote ordering runs on the shell's federation runtime 2.x, but the page has no " +
        '@module-federation/webpack-bundler-runtime (window._FEDERATION_BUNDLER_RUNTIME), ' +
        '@module-federation/error-codes (window._FEDERATION_ERROR_CODES).',
    );
  });

  it('refuses another major version, saying which one the page has', () => {
    expect(() => requireShellRuntime(page('3.0.0'), 'checkout', '2.9.2')).toThrow(
      "Remote checkout runs on the shell's federation runtime 2.x, but the page provides version 3.0.0 (from shell).",
    );
    expect(() => requireShellRuntime(page('1.4.0'), 'checkout', '2.9.2')).toThrow(/provides version 1\.4\.0/);
  });

  it('refuses a page that does not say which version it provides', () => {
    const scope = page();
    delete scope._FEDERATION_RUNTIME_CORE_FROM;
    expect(() => requireShellRuntime(scope, 'tickets', '2.9.2')).toThrow(
      'the page does not say which version it provides (window._FEDERATION_RUNTIME_CORE_FROM)',
    );
  });
});
