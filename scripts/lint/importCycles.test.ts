import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lint, type Case, type Found } from './lintCases';

const RULE = 'import-cycles/imports';
const root = path.resolve(__dirname, '..', '..');

// The rule reads the files a linted file imports from disk, so the fixtures are real files, written to a
// folder of their own for the test's run; each is also linted with the text it holds.
const fixtures = {
  typeCycleA: { file: 'typeCycle/a.ts', code: "import type { B } from './b';\nexport interface A {\n  b?: B;\n}\n" },
  typeCycleB: { file: 'typeCycle/b.ts', code: "import type { A } from './a';\nexport interface B {\n  a?: A;\n}\n" },
  chainOne: { file: 'chain/one.ts', code: "import type { Two } from './two';\nexport type One = Two;\n" },
  chainTwo: { file: 'chain/two.ts', code: "import { three } from './three';\nexport type Two = typeof three;\n" },
  chainThree: { file: 'chain/three.ts', code: "export * from './leaf';\nexport const three = 3;\n" },
  chainLeaf: { file: 'chain/leaf.ts', code: 'export const leaf = 0;\n' },
  lazyLoader: {
    file: 'lazy/loader.ts',
    code: "export type { Page } from './page';\nexport const load = () => import('./page');\n",
  },
  lazyPage: { file: 'lazy/page.ts', code: "import './loader';\nexport interface Page {\n  title: string;\n}\n" },
};

// @fu/shared resolves through shared/package.json's exports: a shared file importing the package's index,
// which re-exports that file, closes a cycle; a subpath that does not lead back does not.
const sharedCases = {
  sharedIndex: {
    file: 'shared/src/router.ts',
    code: "import type { isGuid } from '@fu/shared';\nexport type IsGuid = typeof isGuid;\n",
  },
  sharedSubpath: { file: 'shared/src/router.ts', code: "export { formatCents } from '@fu/shared/money';\n" },
};

describe('import cycles (eslint.config.mjs)', () => {
  let folder: string;
  let found: Record<keyof typeof fixtures | keyof typeof sharedCases, Found[]>;
  const errors = (name: keyof typeof found) => found[name].filter((message) => message.ruleId === RULE);

  beforeAll(() => {
    folder = mkdtempSync(path.join(root, 'scripts', 'lint', 'cycles-'));
    const cases: Record<string, Case> = { ...sharedCases };
    for (const [name, { file, code }] of Object.entries(fixtures)) {
      mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
      writeFileSync(path.join(folder, file), code);
      cases[name] = { file: path.relative(root, path.join(folder, file)), code };
    }
    found = lint(cases) as typeof found;
  }, 60_000);

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const fixture = (file: string) => path.relative(root, path.join(folder, file)).split(path.sep).join('/');

  it('reports both imports of a two-file cycle made of `import type` only, with the cycle', () => {
    const [a, b] = [fixture('typeCycle/a.ts'), fixture('typeCycle/b.ts')];
    expect(errors('typeCycleA')).toEqual([
      { ruleId: RULE, message: expect.stringContaining(`'./b' closes an import cycle: ${a} → ${b} → ${a}.`) },
    ]);
    expect(errors('typeCycleB')).toEqual([
      { ruleId: RULE, message: expect.stringContaining(`'./a' closes an import cycle: ${b} → ${a} → ${b}.`) },
    ]);
  });

  it('passes a chain without a cycle', () => {
    for (const name of ['chainOne', 'chainTwo', 'chainThree', 'chainLeaf'] as const) {
      expect({ name, errors: errors(name) }).toEqual({ name, errors: [] });
    }
  });

  it('counts dynamic import(), `export type … from` and side-effect imports', () => {
    const [loader, page] = [fixture('lazy/loader.ts'), fixture('lazy/page.ts')];
    expect(errors('lazyLoader').map((error) => error.message)).toEqual([
      expect.stringContaining(`'./page' closes an import cycle: ${loader} → ${page} → ${loader}.`),
      expect.stringContaining(`'./page' closes an import cycle: ${loader} → ${page} → ${loader}.`),
    ]);
    expect(errors('lazyPage')).toHaveLength(1);
  });

  it('follows @fu/shared and its subpaths to shared/src', () => {
    expect(errors('sharedIndex')).toEqual([
      {
        ruleId: RULE,
        message: expect.stringContaining(
          "'@fu/shared' closes an import cycle: shared/src/router.ts → shared/src/index.ts → shared/src/router.ts.",
        ),
      },
    ]);
    expect(errors('sharedSubpath')).toEqual([]);
  });
});
