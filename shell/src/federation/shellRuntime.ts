// The contract between the shell and a deployed remote (shellRuntime.json): the federation runtime
// libraries the shell puts on the page, and the check a remote runs before it uses them.
import contract from './shellRuntime.json';

/** A library the shell provides, by its package name. */
export type ShellRuntimeLibrary = keyof typeof contract.libraries;

/** The shell's record of the runtime it provides (the global `contract.versionGlobal`). */
export interface ShellRuntimeVersion {
  /** The federation name of the app that provided it: 'shell'. */
  name: string;
  version: string;
}

export const shellRuntime = contract;

const major = (version: string) => version.split('.')[0];

function problem(scope: Record<string, unknown>, version: string): string | undefined {
  const missing = Object.entries(contract.libraries)
    .filter(([, global]) => typeof scope[global] !== 'object' || scope[global] === null)
    .map(([library, global]) => `${library} (window.${global})`);
  if (missing.length) return `the page has no ${missing.join(', ')}`;
  const provided = scope[contract.versionGlobal] as Partial<ShellRuntimeVersion> | undefined;
  if (typeof provided?.version !== 'string') {
    return `the page does not say which version it provides (window.${contract.versionGlobal})`;
  }
  if (major(provided.version) !== major(version)) {
    return `the page provides version ${provided.version} (from ${provided.name ?? 'an unnamed app'})`;
  }
  return undefined;
}

/**
 * Throws, naming what is wrong, unless `scope` (the page's global object) holds every library of the
 * shell's runtime in the major version `version` the remote was built against.
 */
export function requireShellRuntime(scope: Record<string, unknown>, remote: string, version: string): void {
  const found = problem(scope, version);
  if (found) {
    throw new Error(`Remote ${remote} runs on the shell's federation runtime ${major(version)}.x, but ${found}.`);
  }
}
