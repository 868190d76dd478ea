// Unit and component tests of the browser workspaces, each a jest project, all on jsdom.
const workspaces = ['shared', 'shell', 'remote-ordering', 'remote-checkout', 'remote-tickets', 'remote-fundraiser'];

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
