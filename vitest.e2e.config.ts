// Browser tests: the real server (embedded PostgreSQL, demo season) and the built app, driven
// through Debian's Chromium by playwright-core. One file at a time: each starts its own server
// and browser, and this 2-core machine runs one of them comfortably.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    // A poll waits for a state of the page, not for a time: on a busy 2-core machine a page can
    // take more than the default second to get there.
    expect: { poll: { timeout: 10_000 } },
  },
});
