import { defineConfig } from 'vitest/config'

// One runner for every suite. `npm test` runs the fast projects first and the browser suite last,
// so a broken unit fails the run before Chromium starts.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', include: ['contract/test/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // A loaded two-core CI machine runs the server, Chromium and the runner at once.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
})
