import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { serverNodeFlags } from './lib/testing/server-command';

// The browser: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
export const E2E_ADMIN_API_KEY = 'e2e-admin-key-0123456789abcdef';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'counterpart-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'api', testMatch: /api\/.*\.spec\.ts/ },
    { name: 'dashboard', testMatch: /dashboard\/.*\.spec\.ts/, use: { browserName: 'chromium' } },
    { name: 'admin', testMatch: /admin\/.*\.spec\.ts/, use: { browserName: 'chromium' } },
  ],
  webServer: {
    command: ['node', ...serverNodeFlags(), 'server.ts'].join(' '),
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_API_KEY: E2E_ADMIN_API_KEY,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1',
      SEED_DEMO: 'true',
      POS_OFFLINE_PAUSE_DEFAULT: 'false',
      LOG_LEVEL: 'warn',
    },
  },
});
