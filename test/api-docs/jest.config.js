const base = require('../../jest.base.cjs')(__dirname);

/**
 * The API documents: every service's, built from its modules without a database (Nest's preview
 * mode), as the gateway publishes them under /api/docs.
 */
module.exports = {
  ...base,
  displayName: 'api-docs',
  testMatch: ['<rootDir>/**/*.test.ts'],
  testTimeout: 120_000,
};
