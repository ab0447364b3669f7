/** Tests run TypeScript through ts-jest without type-checking (that is `npm run typecheck`), so a run stays fast. */
module.exports = {
  testEnvironment: '<rootDir>/tests/support/node-realm.environment.js',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  setupFiles: ['reflect-metadata', '<rootDir>/tests/support/log-level.ts'],
  globalSetup: '<rootDir>/tests/support/global-setup.js',
  testTimeout: 120000,
  // `npm test` runs the files one at a time (--maxWorkers=1) and each in a new process: a worker above this heap
  // after a file is replaced before the next. In one long process the heap reached 7.1 of its 8 GiB, model-heavy
  // files ran up to 20 times slower than alone (the embedder's 454 s against 22 s), and native state from one
  // file's model threads reached the next.
  workerIdleMemoryLimit: '1MB',
};
