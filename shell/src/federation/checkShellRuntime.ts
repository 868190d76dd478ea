// The first module a deployed remote's entry runs (useShellRuntime.ts imports it before anything
// that touches the shell's runtime): a page without that runtime, or with another major version of
// it, fails the remote entry with a sentence saying so, and the shell shows its Retry fallback.
import { requireShellRuntime } from './shellRuntime';

/** Defined by webpack.common.js: this container's name and the federation runtime it was built with. */
declare const FU_FEDERATION_NAME: string;
declare const FU_FEDERATION_RUNTIME_VERSION: string;

requireShellRuntime(
  globalThis as unknown as Record<string, unknown>,
  FU_FEDERATION_NAME,
  FU_FEDERATION_RUNTIME_VERSION,
);
