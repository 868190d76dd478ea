import { lint, type Found } from './lintCases';

const RULE = 'remote-boundaries/imports';
const importing = (specifier: string) => `import { thing } from '${specifier}';\nexport const used = thing;\n`;
const PURCHASES = 'remote-tickets/src/features/purchases/components/Fake.tsx';

const cases = {
  // The case the rule exists for: one feature reaching into another's files.
  intoFeature: { file: 'remote-tickets/src/features/purchases/Fake.ts', code: importing('../wallet/api/ticketsApi') },
  intoFeatureComponent: { file: PURCHASES, code: importing('../../wallet/components/TicketFrame') },
  mockIntoFeature: { file: PURCHASES, code: "jest.mock('../../wallet/api/ticketsApi');\n" },
  // The public face, the feature's own files and the remote's shared code are fine.
  featureIndex: { file: PURCHASES, code: importing('../../wallet') },
  featureIndexFile: { file: PURCHASES, code: importing('../../wallet/index') },
  ownFile: { file: PURCHASES, code: importing('../api/purchasesApi') },
  sharedCode: { file: PURCHASES, code: importing('../../../components/BottomNav') },
  appRoot: { file: 'remote-tickets/src/App.tsx', code: importing('./features/wallet') },
  // Shared code builds on no feature; the app root goes through a feature's index too.
  sharedImportsFeature: { file: 'remote-tickets/src/components/Fake.tsx', code: importing('../features/wallet') },
  appRootIntoFeature: { file: 'remote-tickets/src/App.test.tsx', code: importing('./features/wallet/api/ticketsApi') },
  // No remote imports another app; the shell imports no remote.
  remoteIntoRemote: {
    file: 'remote-ordering/src/features/order/Fake.ts',
    code: importing('../../../../remote-tickets/src/App'),
  },
  remotePackage: { file: 'remote-ordering/src/App.tsx', code: importing('@fu/remote-checkout') },
  remoteIntoShell: { file: 'remote-ordering/src/App.tsx', code: importing('../../shell/src/App') },
  shellIntoRemote: { file: 'shell/src/routing/Fake.tsx', code: importing('../../../remote-ordering/src/App') },
  shellImportsRemote: {
    file: 'shell/src/routing/Fake.tsx',
    code: "export const load = () => import('@fu/remote-tickets');\n",
  },
  // The one-router rule of the block before still holds in a feature.
  router: { file: 'remote-tickets/src/features/purchases/Fake.ts', code: importing('react-router-dom') },
};

const boundaryError = (text: string) => [{ ruleId: RULE, message: expect.stringContaining(text) }];

describe('remote boundaries (eslint.config.mjs)', () => {
  let found: Record<keyof typeof cases, Found[]>;
  const errors = (name: keyof typeof cases) => found[name].filter((message) => message.ruleId === RULE);

  beforeAll(() => {
    found = lint(cases);
  }, 60_000);

  it("fails a feature that imports another feature's files", () => {
    expect(errors('intoFeature')).toEqual(
      boundaryError("'../wallet/api/ticketsApi' reaches into the 'wallet' feature: import its public face"),
    );
    expect(errors('intoFeatureComponent')).toEqual(boundaryError("reaches into the 'wallet' feature"));
    expect(errors('mockIntoFeature')).toEqual(boundaryError("reaches into the 'wallet' feature"));
  });

  it("lets a feature use another's index, its own files and the remote's shared code", () => {
    for (const name of ['featureIndex', 'featureIndexFile', 'ownFile', 'sharedCode', 'appRoot'] as const) {
      expect({ name, errors: errors(name) }).toEqual({ name, errors: [] });
    }
  });

  it("keeps shared code off features and the app root on a feature's index", () => {
    expect(errors('sharedImportsFeature')).toEqual(boundaryError("shared code imports no feature ('wallet')"));
    expect(errors('appRootIntoFeature')).toEqual(boundaryError("reaches into the 'wallet' feature"));
  });

  it("fails a remote importing another app's files and the shell importing a remote", () => {
    for (const name of ['remoteIntoRemote', 'remotePackage', 'remoteIntoShell'] as const) {
      expect(errors(name)).toEqual(boundaryError("a remote imports no other remote's or the shell's files"));
    }
    for (const name of ['shellIntoRemote', 'shellImportsRemote'] as const) {
      expect(errors(name)).toEqual(boundaryError("the shell imports no remote's source"));
    }
  });

  it('leaves the one-router rule in force', () => {
    expect(found.router.map((message) => message.ruleId)).toContain('no-restricted-imports');
  });
});
