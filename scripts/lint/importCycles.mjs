// ESLint plugin: no import cycles anywhere (eslint.config.mjs, "Import cycles"). Every edge counts:
// `import type`, `export type … from`, `export * from`, side-effect imports, `import x = require()`,
// `import('x')` types and dynamic `import()` calls. Type-only edges count because the rule keeps the
// dependency structure one-way, not only the order modules run in; a type both sides need belongs to
// the module that owns it or to a leaf. Dynamic `import()` counts for the same reason: a lazily loaded
// module that reaches back to its loader is still two modules that know each other, and the repo's
// lazy seams (bootstrap, code-split pages) all point one way.
//
// The graph: relative specifiers, and `@fu/shared` / `@fu/shared/<subpath>` resolved to shared/src
// through shared/package.json's exports; packages are leaves. It lives as long as the ESLint process
// (one `eslint .` run): each file is scanned once (TypeScript's import scanner) and the strongly
// connected components are found once (Tarjan). The file being linted counts with the text ESLint
// lints (a test's source, an editor's unsaved text); a long-lived process (an editor's) sees another
// file's change when it lints that file.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHARED = { name: '@fu/shared', folder: path.join(root, 'shared') };
const sharedExports = JSON.parse(readFileSync(path.join(SHARED.folder, 'package.json'), 'utf8')).exports;
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const isSource = (file) => SOURCE_EXTENSIONS.includes(path.extname(file));

const fileExists = new Map();
function isFile(file) {
  if (!fileExists.has(file)) {
    let found = false;
    try {
      found = statSync(file).isFile();
    } catch {
      // absent, or a part of the path is a file (remotes.json/index.ts)
    }
    fileExists.set(file, found);
  }
  return fileExists.get(file);
}

/** What a `.js`-style specifier may name in TypeScript source ('./x.js' is './x.ts'). */
const TYPESCRIPT_FOR = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/** The source file `base` names, the way TypeScript's bundler resolution finds it, or undefined. */
function sourceFileAt(base) {
  const extension = path.extname(base);
  const stem = base.slice(0, base.length - extension.length);
  const candidates = [
    base,
    ...(TYPESCRIPT_FOR[extension] ?? []).map((replacement) => stem + replacement),
    ...SOURCE_EXTENSIONS.map((ext) => base + ext),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((candidate) => isSource(candidate) && isFile(candidate));
}

/** The file `@fu/shared[/subpath]` names through shared/package.json's exports, or undefined. */
function sharedExport(specifier) {
  const key = `.${specifier.slice(SHARED.name.length)}`;
  let target = sharedExports[key];
  if (typeof target !== 'string') {
    const pattern = Object.keys(sharedExports).find(
      (candidate) => candidate.endsWith('/*') && key.startsWith(candidate.slice(0, -1)),
    );
    if (!pattern) return undefined;
    target = sharedExports[pattern].replace('*', key.slice(pattern.length - 1));
  }
  return sourceFileAt(path.join(SHARED.folder, target));
}

const resolved = new Map();
/** The repository file `specifier` imports from `file`, or undefined for a package or a non-source file. */
export function resolveImport(file, specifier) {
  const key = `${path.dirname(file)}\0${specifier}`;
  if (!resolved.has(key)) {
    let target;
    if (specifier.startsWith('.')) target = sourceFileAt(path.resolve(path.dirname(file), specifier));
    else if (specifier === SHARED.name || specifier.startsWith(`${SHARED.name}/`)) target = sharedExport(specifier);
    resolved.set(key, target);
  }
  return resolved.get(key);
}

/**
 * Every module specifier in `text`, static, type-only and dynamic, by TypeScript's own import scanner
 * (preProcessFile: a pass of the scanner, several times faster than a parse). It also names a module
 * a `declare module '…'` augments, which is a dependency too.
 */
export const specifiersIn = (text) => ts.preProcessFile(text, true, false).importedFiles.map((file) => file.fileName);

/** The import graph and its strongly connected components, built as files are asked about. */
const graph = new Map(); // file → { text, edges: the repository files it imports }
const tarjan = { next: 0, index: new Map(), low: new Map(), component: new Map() };

function read(file, text) {
  const edges = specifiersIn(text).map((specifier) => resolveImport(file, specifier));
  return { text, edges: [...new Set(edges.filter(Boolean))] };
}

function importsOf(file) {
  if (!graph.has(file)) graph.set(file, read(file, readFileSync(file, 'utf8')));
  return graph.get(file).edges;
}

/** Uses `text` for `file`; when that changes what `file` imports, the components are found again. */
function useText(file, text) {
  const known = graph.get(file);
  if (known?.text === text) return;
  const now = read(file, text);
  graph.set(file, now);
  // A file not in the graph yet is reached by no file visited so far: the components found stand.
  if (!known || sameEdges(known.edges, now.edges) || !tarjan.index.size) return;
  Object.assign(tarjan, { next: 0, index: new Map(), low: new Map(), component: new Map() });
}

const sameEdges = (one, other) => one.length === other.length && one.every((edge, at) => edge === other[at]);

/** The component (a set of files that all reach each other) holding `file`: Tarjan's, without recursion. */
function componentOf(file) {
  if (tarjan.component.has(file)) return tarjan.component.get(file);
  const { index, low, component } = tarjan;
  const stack = [];
  const onStack = new Set();
  const open = (node) => {
    index.set(node, tarjan.next);
    low.set(node, tarjan.next++);
    stack.push(node);
    onStack.add(node);
    return { node, edges: importsOf(node), at: 0 };
  };
  const frames = [open(file)];
  while (frames.length) {
    const frame = frames[frames.length - 1];
    if (frame.at < frame.edges.length) {
      const next = frame.edges[frame.at++];
      if (!index.has(next)) frames.push(open(next));
      else if (onStack.has(next)) low.set(frame.node, Math.min(low.get(frame.node), index.get(next)));
      continue;
    }
    frames.pop();
    const parent = frames[frames.length - 1];
    if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)));
    if (low.get(frame.node) !== index.get(frame.node)) continue;
    const members = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.add(member);
      component.set(member, members);
    } while (member !== frame.node);
  }
  return component.get(file);
}

/** The shortest way back from `start` to `goal` inside their component: [start, …, goal]. */
function pathBack(start, goal, members) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    if (node === goal) break;
    for (const next of importsOf(node)) {
      if (members.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  const way = [];
  for (let node = goal; node !== undefined; node = cameFrom.get(node)) way.unshift(node);
  return way;
}

const shown = (file) => path.relative(root, file).split(path.sep).join('/');

const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles, type-only and dynamic imports included.' },
    schema: [],
    messages: {
      cycle:
        "'{{specifier}}' closes an import cycle: {{cycle}}. Type-only imports count too: move what both sides " +
        'need to the module that owns it, or to a leaf module.',
    },
  },
  create(context) {
    const file = context.filename;
    if (!path.isAbsolute(file) || !isSource(file)) return {};
    useText(file, context.sourceCode.text);
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = resolveImport(file, node.value);
      if (!target) return;
      const members = componentOf(file);
      if (target !== file && !members.has(target)) return;
      const cycle = [file, ...(target === file ? [file] : pathBack(target, file, members))].map(shown).join(' → ');
      context.report({ node, messageId: 'cycle', data: { specifier: node.value, cycle } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal ?? node.argument),
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

export const importCycles = { meta: { name: 'import-cycles' }, rules: { imports } };
