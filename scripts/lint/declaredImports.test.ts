import { lint, type Found } from './lintCases';

const RULE = 'declared-imports/imports';
const importing = (specifier: string) => `import { thing } from '${specifier}';\nexport const used = thing;\n`;

const cases = {
  // Shipped code: its workspace's dependencies (and peers), its own name, Node's modules.
  shellRuntime: { file: 'shell/src/Fake.ts', code: importing('@module-federation/runtime') },
  shellOwnDependency: { file: 'shell/src/Fake.ts', code: importing('zustand') },
  sharedPeer: { file: 'shared/src/Fake.ts', code: importing('react') },
  sharedSubpath: { file: 'remote-ordering/src/Fake.ts', code: importing('@fu/shared/rules') },
  builtin: { file: 'server/src/Fake.ts', code: importing('node:fs') + importing('path').replace('thing', 'other') },
  // The cases the rule exists for: a package that resolves only because npm hoisted it.
  hoisted: { file: 'shell/src/Fake.ts', code: importing('@module-federation/sdk') },
  rootToolInShippedCode: { file: 'remote-tickets/src/Fake.ts', code: importing('webpack') },
  otherWorkspacesPackage: { file: 'server/src/Fake.ts', code: importing('qrcode.react') },
  lazyImport: { file: 'server/src/Fake.ts', code: "export const load = () => import('qrcode.react');\n" },
  requireCall: { file: 'scripts/fake.cjs', code: "module.exports = require('not-a-dependency');\n" },
  // Tests, configs, type-only imports and the tool workspaces may use devDependencies.
  serverTest: { file: 'server/test/fake.test.ts', code: importing('mailparser') },
  rootToolInTest: { file: 'shell/src/Fake.test.tsx', code: importing('@testing-library/react') },
  typeOnly: { file: 'server/src/Fake.ts', code: "import type { Thing } from 'mailparser';\nexport type T = Thing;\n" },
  inlineTypeOnly: {
    file: 'server/src/Fake.ts',
    code: "import { type Thing } from 'mailparser';\nexport type T = Thing;\n",
  },
  e2eTool: { file: 'e2e/tests/fake.spec.ts', code: importing('jsqr') },
  e2eUndeclared: { file: 'e2e/tests/fake.spec.ts', code: importing('autocannon') },
};

describe('declared imports (eslint.config.mjs)', () => {
  let found: Record<keyof typeof cases, Found[]>;
  const errors = (name: keyof typeof cases) => found[name].filter((message) => message.ruleId === RULE);

  beforeAll(() => {
    found = lint(cases);
  }, 60_000);

  it("lets shipped code import its workspace's dependencies, peers, own name and Node's modules", () => {
    for (const name of ['shellRuntime', 'shellOwnDependency', 'sharedPeer', 'sharedSubpath', 'builtin'] as const) {
      expect({ name, errors: errors(name) }).toEqual({ name, errors: [] });
    }
  });

  it('fails an import that resolves only because npm hoisted it', () => {
    expect(errors('hoisted')).toEqual([
      {
        ruleId: RULE,
        message: expect.stringContaining(
          "'@module-federation/sdk' is not declared by shell's package.json: add it to its dependencies",
        ),
      },
    ]);
    for (const name of ['rootToolInShippedCode', 'otherWorkspacesPackage', 'lazyImport', 'requireCall'] as const) {
      expect({ name, count: errors(name).length }).toEqual({ name, count: 1 });
    }
    expect(errors('requireCall')[0]!.message).toContain("not declared by the root's package.json");
  });

  it('lets tests, type-only imports and the tool workspaces use devDependencies, and only declared ones', () => {
    for (const name of ['serverTest', 'rootToolInTest', 'typeOnly', 'inlineTypeOnly', 'e2eTool'] as const) {
      expect({ name, errors: errors(name) }).toEqual({ name, errors: [] });
    }
    expect(errors('e2eUndeclared')).toEqual([
      { ruleId: RULE, message: expect.stringContaining("'autocannon' is not declared by e2e's package.json") },
    ]);
  });
});
