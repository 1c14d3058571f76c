import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.{ts,tsx}',
            'server/**/*.test.{ts,tsx}',
            'client/**/*.test.{ts,tsx}',
            'tests/support/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/project/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          // The storage, route and CLI tests run on both databases: a throwaway PostgreSQL for them.
          globalSetup: ['tests/support/postgres-global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 30_000,
          // vitest's 1 s default is too short for a page on a busy 2-core machine; a poll still passes
          // the moment its condition holds, so only a failure takes longer.
          expect: { poll: { timeout: 5000 } },
          hookTimeout: 60_000,
          // One Chromium at a time: this machine has two cores and the server needs one.
          fileParallelism: false,
        },
      },
    ],
  },
});
