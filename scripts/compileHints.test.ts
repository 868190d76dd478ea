import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import webpack from 'webpack';
import { CompileHintsPlugin } from './compileHints.cjs';

/** V8's magic comment, as the browser must read it: the first line of the file. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fu-compile-hints-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A production build (minified, content-hashed chunks) of `files`, entries named by their file. */
function build(
  files: Record<string, string>,
  entries: string[],
  plugins: webpack.WebpackPluginInstance[] = [new CompileHintsPlugin({ exclude: /^sw\.js$/ })],
): Promise<void> {
  for (const [name, code] of Object.entries(files)) writeFileSync(path.join(dir, name), code);
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: Object.fromEntries(entries.map((file) => [path.basename(file, '.js'), `./${file}`])),
    output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
    plugins,
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else compiler.close(() => resolve());
    }),
  );
}

const output = () => readdirSync(path.join(dir, 'dist')).sort();
const read = (file: string) => readFileSync(path.join(dir, 'dist', file), 'utf8');

describe('CompileHintsPlugin', () => {
  it('starts every minified script with the hint, and the script still runs', async () => {
    await build(
      {
        'main.js': 'import { double } from "./page.js"; globalThis.result = double(21);',
        'page.js': 'export function double(n) { return n * 2; }',
      },
      ['main.js'],
    );
    const main = read('main.js');
    expect(main.startsWith(COMPILE_HINT)).toBe(true);
    // Minified: the hint is the only comment left, so it was added after the minifier ran.
    expect(main.slice(COMPILE_HINT.length)).not.toContain('//');
    const context: { result?: number } = {};
    runInNewContext(main, { globalThis: context });
    expect(context.result).toBe(42);
  });

  it('hints lazy chunks too, and names each by its bytes as served, hint included', async () => {
    const files = { 'main.js': 'import("./page.js");', 'page.js': 'export const answer = 42;' };
    const lazyChunk = () => output().find((file) => file !== 'main.js')!;
    await build(files, ['main.js'], []);
    const unhinted = lazyChunk();
    rmSync(path.join(dir, 'dist'), { recursive: true });
    await build(files, ['main.js']);
    const hinted = lazyChunk();
    expect(read(hinted).startsWith(COMPILE_HINT)).toBe(true);
    // Same chunk, other bytes, so another name: a browser holding the old file never runs it as new.
    expect(hinted.split('.')[0]).toBe(unhinted.split('.')[0]);
    expect(hinted).not.toBe(unhinted);
  });

  it('leaves excluded files (the service worker) to lazy compiling', async () => {
    await build({ 'sw.js': 'self.addEventListener("fetch", () => {});' }, ['sw.js']);
    expect(read('sw.js').startsWith('//')).toBe(false);
  });
});
