import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const port = Number(process.env.KONTOR_E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the built server,
 * started on its own port with a throwaway data folder and demo data.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../test-results/playwright.json' }]],
  outputDir: '../../test-results/playwright',
  use: {
    baseURL,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `node e2e/start-server.mjs`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { KONTOR_E2E_PORT: String(port) },
  },
});
