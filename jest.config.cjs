// Unit and component tests of the browser workspaces, each a jest project, all on jsdom: shared,
// the shell and every remote of shared/src/remotes.json.
const { remotes } = require('@fu/shared/remotes.json');

const workspaces = ['shared', 'shell', ...Object.values(remotes).map((remote) => remote.folder)];

module.exports = {
  projects: workspaces.map((workspace) => ({
    displayName: workspace,
    rootDir: `<rootDir>/${workspace}`,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    setupFilesAfterEnv: ['<rootDir>/../test-support/jest.setup.ts'],
    moduleNameMapper: {
      '\\.css$': '<rootDir>/../test-support/styleStub.cjs',
      '\\.(svg|png|jpe?g)$': '<rootDir>/../test-support/fileStub.cjs',
    },
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.jest.json' }],
      // Message catalogs, compiled as the build compiles them (docs/i18n.md).
      '[\\\\/]src[\\\\/]i18n[\\\\/][a-z]{2}\\.json$': '<rootDir>/../test-support/catalogTransform.cjs',
    },
  })),
};

// Tests of the repository's own tooling (scripts/), in Node: the lint rules' test runs ESLint.
module.exports.projects.push({
  displayName: 'scripts',
  rootDir: '<rootDir>',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/scripts/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }],
  },
});

// The e2e's tables, checked without a browser: the accessibility sweep has a row for every declared
// route (e2e/support/a11ySweep.test.ts). Node, not jsdom: the sweep's table imports Playwright's
// helpers; the remotes' page tables it reads import CSS modules and images, stubbed as above.
module.exports.projects.push({
  displayName: 'e2e',
  rootDir: '<rootDir>/e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/support/**/*.test.ts'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/../test-support/styleStub.cjs',
    '\\.(svg|png|jpe?g)$': '<rootDir>/../test-support/fileStub.cjs',
  },
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.jest.json' }],
    '[\\\\/]src[\\\\/]i18n[\\\\/][a-z]{2}\\.json$': '<rootDir>/../test-support/catalogTransform.cjs',
  },
});
