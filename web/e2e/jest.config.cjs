const path = require('node:path');
const { ESM_ONLY_FILE, TRANSFORM_IGNORE } = require('../../jest.esm-only.cjs');

/** Browser tests: the real stack on shifted ports and its own databases, driven in Debian Chromium. */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // The test kit's app helpers load the servers' ES-module-only dependencies, as the server tests do.
    [ESM_ONLY_FILE]: path.join(__dirname, '..', '..', 'jest.esm-only.cjs'),
  },
  transformIgnorePatterns: [TRANSFORM_IGNORE],
  globalSetup: '<rootDir>/support/global-setup.cjs',
  globalTeardown: '<rootDir>/support/global-teardown.cjs',
  testTimeout: 60_000,
  maxWorkers: 1,
};
