const base = require('../../jest.base.cjs')(__dirname);

/**
 * System tests: the built processes (dist/) started as child processes on loopback, with their own
 * databases, redis-server and cuttable proxies in front of both.
 */
module.exports = {
  ...base,
  displayName: 'system',
  testMatch: ['<rootDir>/**/*.test.ts'],
  testTimeout: 120_000,
  setupFilesAfterEnv: ['<rootDir>/support/timeout.ts'],
};
