// A library bundled twice in one app, typically once as CommonJS and once as ES modules (the
// federation runtime did: provideExternalRuntime required its CommonJS build beside the shell's ES
// imports). scripts/build.mjs fails an app's build on any.

/** `…/node_modules/@scope/pkg/dist/a/b.cjs` → { pkg: '@scope/pkg', file: 'dist/a/b' }, without its format suffix. */
function packageFile(moduleName) {
  // Only plain files: not webpack's own modules ('provide shared module (default) react@19 = …').
  if (!/^\.{0,2}\//.test(moduleName) || /[\s!]/.test(moduleName)) return undefined;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(moduleName.replace(/\\/g, '/'));
  if (!match) return undefined;
  const file = match[2].replace(/(\.(esm|cjs|es|module|umd))?\.(c|m)?js$/, '');
  return { pkg: match[1], file };
}

/**
 * Groups of bundled modules that are the same file of the same package in different builds, e.g.
 * [['…/runtime-core/dist/core.cjs', '…/runtime-core/dist/core.js']]. Names are webpack's module names.
 */
function duplicateModules(moduleNames) {
  const byFile = new Map();
  for (const name of new Set(moduleNames)) {
    const found = packageFile(name);
    if (!found) continue;
    const key = `${found.pkg}/${found.file}`;
    byFile.set(key, [...(byFile.get(key) ?? []), name]);
  }
  return [...byFile.values()].filter((names) => names.length > 1).map((names) => names.sort());
}

/** Every module's name in a webpack stats object, concatenated modules' members included. */
function bundledModuleNames(stats) {
  const names = [];
  const walk = (modules = []) => {
    for (const module of modules) {
      if (module.modules) walk(module.modules);
      else if (module.name) names.push(module.name);
    }
  };
  walk(stats.toJson({ all: false, modules: true, nestedModules: true }).modules);
  return names;
}

module.exports = { duplicateModules, bundledModuleNames };
