const path = require('node:path');

const base = require('../jest.base.cjs')(__dirname);

/** The deployment's tests: Dockerfiles, compose and the rendered Kustomize overlays against the code. */
module.exports = {
  ...base,
  displayName: 'deploy',
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // The services' config schemas need only the kit's config helpers (and its coded errors, which
    // markets' provider modules define theirs with), not the whole server library.
    '^@probedge/kit$': path.join(__dirname, 'test/support/kit-config.ts'),
  },
  resolver: path.join(__dirname, 'jest.resolver.cjs'),
  testMatch: ['<rootDir>/test/**/*.test.ts'],
};
