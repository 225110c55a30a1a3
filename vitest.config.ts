import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The browser app's `@/` imports, as vite.config.ts resolves them (unit tests of its modules).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each API test file starts its own PostgreSQL; two at a time fit this 2-core machine.
    maxWorkers: 2,
  },
});
