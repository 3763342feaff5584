import { defineConfig } from '@playwright/test'

const port = 3100
const baseURL = `http://127.0.0.1:${port}`
const e2eDataDir = '.tmp/e2e-data'

// Debian's Chromium: Playwright cannot download its own browsers here (see README).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export default defineConfig({
  testDir: './apps/web/e2e',
  globalSetup: './apps/web/e2e/support/global-setup.ts',
  outputDir: './test-results/e2e',
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The real server on a fresh embedded database, serving the built web app.
    command: `node -e "require('fs').rmSync('${e2eDataDir}', { recursive: true, force: true })" && node apps/server/dist/server.js`,
    url: `${baseURL}/ready`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: 'warn',
      APP_URL: baseURL,
      // The mail sink started by the global setup: e-mailed links are followed as a user would.
      SMTP_URL: 'smtp://127.0.0.1:2526',
      // Google sign-in against the local key server of the global setup (e2e/support/identity-provider.ts).
      GOOGLE_CLIENT_ID: 'e2e-google-client.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:2527/jwks',
      // HubSpot: the fake of e2e/support/hubspot.ts, connected with its private-app token.
      HUBSPOT_API_URL: 'http://127.0.0.1:2528',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
