/** Tests run TypeScript through ts-jest without type-checking (that is `npm run typecheck`), so a run stays fast. */
module.exports = {
  testEnvironment: '<rootDir>/tests/support/node-realm.environment.js',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  setupFiles: ['reflect-metadata', '<rootDir>/tests/support/log-level.ts'],
  globalSetup: '<rootDir>/tests/support/global-setup.js',
  testTimeout: 120000,
};
