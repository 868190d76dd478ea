// ESLint plugin: every package a file imports is declared by the workspace that holds the file
// (eslint.config.mjs, "Declared imports"). npm hoists every workspace's packages to the root's
// node_modules, so an import of a package nobody declares still resolves, until a release installs one
// workspace alone, with `--omit=dev`, or the package that happened to bring it drops it.
//  - code that ships (a workspace's src/, the root's scripts) needs the package in the workspace's
//    `dependencies` or `peerDependencies`, or is the workspace itself;
//  - a test, a test helper, a config or a type-only import may also use the workspace's or the root's
//    `devDependencies` (the root's hold the shared toolchain: jest, webpack, TypeScript, ESLint);
//  - the e2e and bench workspaces, and the root's own files, are tools as a whole: their
//    devDependencies are what they run on, and the root's tooling may use its workspaces.
// Node's own modules (`node:fs`, `fs`) need no declaration.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const TOOL_WORKSPACES = new Set(['e2e', 'bench']);
const BUILTINS = new Set(builtinModules);
const DEV_FILE =
  /(\.(test|spec)\.[cm]?[jt]sx?$)|((^|\/)(test|tests|testing|__tests__|test-support)\/)|((^|\/)[\w.-]+\.config\.[cm]?[jt]s$)|((^|\/)webpack\.[\w.]+\.js$)/;

const manifests = new Map();
/** The workspace (a folder named in the root's `workspaces`, or '' for the root) holding `file`. */
function workspaceOf(file) {
  const [first] = path.relative(root, file).split(path.sep);
  return rootManifest.workspaces.includes(first) ? first : '';
}

function manifestOf(workspace) {
  if (!manifests.has(workspace)) {
    manifests.set(workspace, JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')));
  }
  return manifests.get(workspace);
}

/** The package a bare specifier names ('@fu/shared/rules' → '@fu/shared'), or undefined. */
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  if (/^[a-z]+:/i.test(specifier)) return undefined; // data:, http:, virtual schemes
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTINS.has(name) ? undefined : name;
}

/** The packages `file` may import: for shipped code, and for dev code and type-only imports. */
function allowedFor(file) {
  const workspace = workspaceOf(file);
  const own = manifestOf(workspace);
  const names = (...fields) => fields.flatMap((field) => Object.keys(own[field] ?? {}));
  const shipped = new Set([own.name, ...names('dependencies', 'peerDependencies', 'optionalDependencies')]);
  if (!workspace) for (const folder of rootManifest.workspaces) shipped.add(manifestOf(folder).name);
  const dev = new Set([...shipped, ...names('devDependencies'), ...Object.keys(rootManifest.devDependencies ?? {})]);
  const relative = path.relative(path.join(root, workspace), file).split(path.sep).join('/');
  const devOnly = !workspace || TOOL_WORKSPACES.has(workspace) || DEV_FILE.test(relative);
  return { workspace: workspace || 'the root', shipped: devOnly ? dev : shipped, dev };
}

const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'Every imported package is declared by the workspace that imports it.' },
    schema: [],
    messages: {
      undeclared:
        "'{{name}}' is not declared by {{workspace}}'s package.json: add it to its {{field}} (it resolves today " +
        'only because npm hoisted it from another package).',
    },
  },
  create(context) {
    const allowed = allowedFor(context.filename);
    const check = (node, typeOnly = false) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const name = packageOf(node.value);
      if (!name || (typeOnly ? allowed.dev : allowed.shipped).has(name)) return;
      const field = allowed.shipped === allowed.dev ? 'devDependencies' : 'dependencies';
      context.report({ node, messageId: 'undeclared', data: { name, workspace: allowed.workspace, field } });
    };
    const isModuleCall = (callee) =>
      (callee.type === 'Identifier' && callee.name === 'require') ||
      (callee.type === 'MemberExpression' &&
        callee.object.type === 'Identifier' &&
        ['require', 'jest'].includes(callee.object.name) &&
        callee.property.type === 'Identifier' &&
        ['resolve', 'mock', 'doMock', 'requireActual', 'requireMock'].includes(callee.property.name));
    return {
      ImportDeclaration: (node) =>
        check(
          node.source,
          node.importKind === 'type' ||
            (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type')),
        ),
      ExportNamedDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal ?? node.argument, true),
      CallExpression: (node) => {
        if (isModuleCall(node.callee)) check(node.arguments[0]);
      },
    };
  },
};

export const declaredImports = { meta: { name: 'declared-imports' }, rules: { imports } };
