import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import pg from 'pg';

export const DEMO_PASSWORD = 'kontor-demo';
export const DEMO_ADMIN = 'admin@demo.kontor.test';
export const DEMO_CLERK = 'clerk@demo.kontor.test';

/** Signs in through the welcome page and the built-in provider's form, as a person does. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  // Tests share the demo users: start each one without a language chosen on the account, in Demo GmbH
  // (another test may have switched the admin to Muster AG).
  await withDatabase((client) =>
    client.query(
      `update users set locale = null, current_organization_id = (select id from organizations where slug = 'demo')
        where email = $1`,
      [email],
    ),
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/demo\/invoices\/new$/);
}

/** A page of its own browser context (another person at another desk), signed in as `email`. */
export async function signedInPage(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signIn(page, email);
  return page;
}

/** A window of its own `width` pixels wide (a narrow screen), signed in; close it with page.context().close(). */
export async function signInWindowOfWidth(browser: Browser, width: number, email = DEMO_ADMIN): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** A connection of its own to the e2e server's database (start-server.mjs writes where it is); end it yourself. */
export async function connectDatabase(): Promise<pg.Client> {
  const port = process.env.KONTOR_E2E_PORT ?? '3100';
  const info = JSON.parse(readFileSync(path.join(os.tmpdir(), `kontor-e2e-${port}.json`), 'utf8')) as { databaseUrl: string };
  const client = new pg.Client({ connectionString: info.databaseUrl });
  await client.connect();
  return client;
}

/** Runs SQL against the e2e server's database (start-server.mjs writes where it is). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectDatabase();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The shell's organisation switcher shows the current organisation's name. */
export function orgSwitcher(page: Page) {
  return page.getByTestId('org-switcher').first();
}
