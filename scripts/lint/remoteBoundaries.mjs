// ESLint plugin keeping the browser apps' one-way flow (eslint.config.mjs, "Remote boundaries"):
//  - a feature (remote-*/src/features/X) reaches another feature only through its public face, the
//    feature folder's index.ts ('../../wallet', never '../../wallet/api/ticketsApi');
//  - the remote's shared code (every other folder under src/: components/, hooks/, utils/, testing/)
//    imports no feature: features build on it, not the other way round;
//  - no remote imports another remote's or the shell's files, and the shell imports no remote's
//    source (it loads remotes through module federation); code they share lives in @fu/shared.
// Relative specifiers are resolved against the importing file, so the depth of the file does not matter.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const APP = /^(remote-[\w-]+|shell)$/;
const APP_PACKAGE = /^@fu\/(remote-[\w-]+|shell)(\/|$)/;
const INDEX = /^index(\.tsx?)?$/;

/** Where a path sits: its app (shell or remote-*), and under that app's src/ the rest. */
function placeOf(file) {
  const [app, src, ...rest] = path.relative(root, file).split(path.sep);
  return APP.test(app ?? '') && src === 'src' ? { app, rest } : undefined;
}

/** The feature folder a place is in, when it is in one. */
const featureOf = (place) => (place.rest[0] === 'features' && place.rest.length > 2 ? place.rest[1] : undefined);

/** What is wrong with `from` importing `specifier`, or undefined. */
function problemWith(from, filename, specifier) {
  const packageMatch = APP_PACKAGE.exec(specifier);
  if (packageMatch && packageMatch[1] !== from.app) return otherApp(from, specifier);
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(filename), specifier);
  const [targetApp] = path.relative(root, target).split(path.sep);
  if (targetApp !== from.app) return APP.test(targetApp ?? '') ? otherApp(from, specifier) : undefined;
  const to = placeOf(target);
  if (!to || from.app === 'shell' || to.rest[0] !== 'features' || to.rest.length < 2) return undefined;
  const feature = to.rest[1];
  if (featureOf(from) === feature) return undefined;
  if (from.rest.length > 1 && from.rest[0] !== 'features') {
    return { messageId: 'sharedImportsFeature', data: { specifier, feature } };
  }
  const publicFace = to.rest.length === 2 || (to.rest.length === 3 && INDEX.test(to.rest[2]));
  return publicFace ? undefined : { messageId: 'intoFeature', data: { specifier, feature } };
}

function otherApp(from, specifier) {
  return { messageId: from.app === 'shell' ? 'shellImportsRemote' : 'remoteImportsApp', data: { specifier } };
}

const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'Features, remotes and the shell import one another only through their public faces.' },
    schema: [],
    messages: {
      intoFeature:
        "'{{specifier}}' reaches into the '{{feature}}' feature: import its public face (the feature folder, its " +
        "index.ts), or move what both features need to the remote's shared code (components/, hooks/, utils/).",
      sharedImportsFeature:
        "'{{specifier}}': the remote's shared code imports no feature ('{{feature}}'); features build on it.",
      remoteImportsApp:
        "'{{specifier}}': a remote imports no other remote's or the shell's files; share code through @fu/shared.",
      shellImportsRemote:
        "'{{specifier}}': the shell imports no remote's source; it loads remotes through module federation.",
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      if (node?.type !== 'Literal' || typeof node.value !== 'string') return;
      const problem = problemWith(from, context.filename, node.value);
      if (problem) context.report({ node, ...problem });
    };
    const isModuleCall = (callee) =>
      (callee.type === 'Identifier' && callee.name === 'require') ||
      (callee.type === 'MemberExpression' &&
        callee.object.type === 'Identifier' &&
        callee.object.name === 'jest' &&
        callee.property.type === 'Identifier' &&
        ['mock', 'doMock', 'requireActual', 'requireMock'].includes(callee.property.name));
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (isModuleCall(node.callee)) check(node.arguments[0]);
      },
    };
  },
};

export const remoteBoundaries = { meta: { name: 'remote-boundaries' }, rules: { imports } };
