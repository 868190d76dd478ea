// V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): a script that starts with
// `//# allFunctionsCalledOnLoad` has every function compiled eagerly, on a background thread while the
// script streams in, instead of lazily on the main thread the first time each is called. Our page
// scripts run nearly all they hold as the page starts (React, the router, the app's pages), and the
// lazy compiles were the largest part of the first long tasks (issue 20: about a third of the blocking
// time at 4× CPU). Browsers without the feature read a comment. The service worker is left alone: it
// runs in its own thread and calls few of its functions on any one event.
const { Compilation, sources } = require('webpack');

const HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  /** @param {{ exclude?: RegExp }} [options] files (by asset name) that keep lazy compiling */
  constructor(options = {}) {
    this.exclude = options.exclude;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(CompileHintsPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minifying (which drops comments), before the real content hash names the files.
        { name: CompileHintsPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js') || this.exclude?.test(name)) continue;
            compilation.updateAsset(name, (source) => new sources.ConcatSource(HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin };
