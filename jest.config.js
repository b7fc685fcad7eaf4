const { availableParallelism } = require('node:os');

/** One run over every workspace's unit and integration tests, in parallel workers. */
module.exports = {
  // Jest's default (one fewer than the cores) runs everything in one process on two cores, where
  // the integration tests leave the second core idle while they wait on their servers: two workers
  // take the suite from about 360 s to 200 s there.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // A global option: the projects' own testTimeout is ignored when they run together.
  testTimeout: 30_000,
  projects: [
    '<rootDir>/proto/jest.config.js',
    '<rootDir>/services/kit/jest.config.js',
    '<rootDir>/services/content/jest.config.js',
    '<rootDir>/services/news/jest.config.js',
    '<rootDir>/services/insights/jest.config.js',
    '<rootDir>/services/billing/jest.config.js',
    '<rootDir>/services/markets/jest.config.js',
    '<rootDir>/gateway/jest.config.js',
    '<rootDir>/web/jest.config.cjs',
    '<rootDir>/deploy/jest.config.js',
    '<rootDir>/test/system/jest.config.js',
    '<rootDir>/test/api-docs/jest.config.js',
  ],
};
