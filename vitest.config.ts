import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** One vitest run covers every workspace; Playwright specs (apps/web/e2e) are not vitest's. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
    ],
  },
});
