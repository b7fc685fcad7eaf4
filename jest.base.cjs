const path = require('node:path');
const { ESM_ONLY_FILE, TRANSFORM_IGNORE } = require('./jest.esm-only.cjs');

const root = __dirname;

/** Jest settings shared by the server workspaces: TypeScript through ts-jest, workspace packages from source. */
module.exports = function serverJestConfig(rootDir) {
  return {
    rootDir,
    testEnvironment: 'node',
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(rootDir, 'tsconfig.json') }],
      [ESM_ONLY_FILE]: path.join(root, 'jest.esm-only.cjs'),
    },
    transformIgnorePatterns: [TRANSFORM_IGNORE],
    moduleNameMapper: {
      '^@probedge/proto$': path.join(root, 'proto/src/index.ts'),
      '^@probedge/kit$': path.join(root, 'services/kit/src/index.ts'),
      '^@probedge/kit/testing$': path.join(root, 'services/kit/src/testing/index.ts'),
    },
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
    testTimeout: 30_000,
    setupFiles: [path.join(root, 'jest.fast-check.cjs')],
  };
};
