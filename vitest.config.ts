import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', '**/dist/**', 'data/**', 'tmp/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // 2 cores: keep parallelism modest so timing-sensitive tests do not starve.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
