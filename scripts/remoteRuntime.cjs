// A deployed remote runs on the shell's federation runtime (shell/src/federation/shellRuntime.json):
// of the federation packages it may bundle only @module-federation/runtime, which holds the
// container's own instance. scripts/build.mjs fails a remote's build that bundles any other, e.g.
// after an upgrade starts importing the sdk from code the remote keeps.

const OWN_COPY = new Set(['@module-federation/runtime']);

/** The federation package a bundled module's file belongs to, if any (webpack's own modules have none). */
function federationPackage(moduleName) {
  if (/[\s!]/.test(moduleName)) return undefined;
  const match = /(?:^|\/)node_modules\/(@module-federation\/[^/]+)\//.exec(moduleName.replace(/\\/g, '/'));
  return match?.[1];
}

/**
 * Each federation package a remote bundles but should take from the shell, with its bundled files,
 * e.g. { '@module-federation/sdk': ['../node_modules/@module-federation/sdk/dist/dom.js'] }.
 */
function runtimeBundledInRemote(moduleNames) {
  const found = {};
  for (const name of new Set(moduleNames)) {
    const pkg = federationPackage(name);
    if (pkg && !OWN_COPY.has(pkg)) (found[pkg] ??= []).push(name);
  }
  return found;
}

module.exports = { runtimeBundledInRemote };
