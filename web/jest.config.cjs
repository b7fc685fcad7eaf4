/** Jest runs the web app's TypeScript as CommonJS in jsdom, with the build-time config injected as a global. */
module.exports = {
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  testEnvironment: 'jsdom',
  testMatch: ['**/__tests__/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }],
  },
  moduleNameMapper: {
    '^@probedge/proto$': '<rootDir>/../proto/src/index.ts',
    '\\?worker$': '<rootDir>/src/test/worker-import.ts',
  },
  setupFiles: ['<rootDir>/../jest.fast-check.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  globals: {
    __APP_CONFIG__: {
      brandName: 'ProbEdge',
      brandSubtitle: 'Probability-based trading intelligence',
      supportEmail: 'support@probedge.example',
      publicUrl: 'http://localhost:8080',
      scannerUrl: 'https://scanner.probedge.example',
      proAppUrl: 'https://app.probedge.example',
      priceValidUntil: '2030-12-31',
      buildYear: 2030,
    },
  },
  restoreMocks: true,
};
