// The shell's runtime plugin (webpack.common.js adds it): puts the shell's federation runtime on the
// page for deployed remotes, which are built without it (shellRuntime.json lists what and where).
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import * as errorCodes from '@module-federation/error-codes';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
// The shell exposes nothing, so its bundler runtime is built without the container-entry step; the
// remotes' containers need it.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { shellRuntime, type ShellRuntimeLibrary, type ShellRuntimeVersion } from './shellRuntime';

/** Defined by webpack.common.js: the version of every federation runtime package in this build. */
declare const FU_FEDERATION_RUNTIME_VERSION: string;

const libraries: Record<ShellRuntimeLibrary, object> = {
  '@module-federation/runtime-core': runtimeCore,
  // Every remote's container calls the same functions: frozen, so none can change them for the others.
  '@module-federation/webpack-bundler-runtime': Object.freeze({
    bundlerRuntime: Object.freeze({ ...bundlerRuntime, initContainerEntry }),
    attachShareScopeMap,
  }),
  '@module-federation/error-codes': errorCodes,
};

/**
 * Puts a value on the page once, read-only: no script of ours can replace it by accident for every
 * remote (a page script could still do anything; this is not a security boundary).
 */
function provide(global: string, value: object) {
  if (Object.getOwnPropertyDescriptor(globalThis, global)) return;
  Object.defineProperty(globalThis, global, { value, writable: false, configurable: false, enumerable: false });
}

export default function provideShellRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'provide-shell-runtime',
    beforeInit(args) {
      const version: ShellRuntimeVersion = Object.freeze({
        name: args.options.name,
        version: FU_FEDERATION_RUNTIME_VERSION,
      });
      provide(shellRuntime.versionGlobal, version);
      for (const [library, global] of Object.entries(shellRuntime.libraries)) {
        provide(global, libraries[library as ShellRuntimeLibrary]);
      }
      return args;
    },
  };
}
