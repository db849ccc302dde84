/* global document, performance, MutationObserver */
import { expect, test, type Page } from '@playwright/test';
import { runId, tinyPdf, uploadInvoiceByApi } from './invoice-fixtures';
import { DEMO_ADMIN, signIn, withDatabase } from './support';

/**
 * Code that the invoice overview must not wait for before its first rows: forms, dialogs, the
 * date picker and zod belong to what a click opens. One static import of a dialog pulled all of it
 * (14 more scripts, 92 kB of zod) into the first screen and cost its first rows about 200 ms on
 * this machine; this test keeps such an import from coming back unnoticed.
 */
const NOT_ON_FIRST_SCREEN = [
  'node_modules/zod/',
  'node_modules/react-hook-form/',
  'node_modules/@radix-ui/react-dialog/',
  'node_modules/@radix-ui/react-select/',
  'src/components/ui/dialog.tsx',
  'src/components/ui/date-input.tsx',
];

const ERROR_CATALOGUE = /\/errors-[\w-]+\.js$/;

/** When the page asked for each script whose address matches `pattern` (the page's clock). */
function requestedScripts(page: Page, pattern: RegExp): Promise<number[]> {
  return page.evaluate(
    (source) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(source).test(entry.name))
        .map((entry) => entry.startTime),
    pattern.source,
  );
}

/** Notes on the page when `selector` first matches; `shownAt` reads it back (the page's clock). */
async function noteWhenShown(page: Page, selector: string): Promise<{ shownAt: () => Promise<number> }> {
  await page.addInitScript((watched) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector(watched)) return;
      observer.disconnect();
      document.documentElement.dataset.shownAt = String(performance.now());
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  return { shownAt: async () => Number(await page.evaluate(() => document.documentElement.dataset.shownAt)) };
}

test('the invoice overview shows its first rows without loading form, dialog or validation code', async ({ browser, page }) => {
  await signIn(page, DEMO_ADMIN);
  await uploadInvoiceByApi(page.request, await tinyPdf(`first-screen-${runId()}.pdf`));
  // A fresh window with the same session: nothing of the first visit is cached.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const fresh = await context.newPage();
  const firstRows = await noteWhenShown(fresh, 'tbody tr');
  await fresh.goto('/demo/invoices/new');
  await expect(fresh.getByTestId('invoice-row').first()).toBeVisible();

  // Scripts asked for after the first rows are idle-time prefetches (menus); they may hold anything.
  const scripts = await fresh.evaluate(
    (firstRowsAt) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js') && entry.startTime <= firstRowsAt)
        .map((entry) => entry.name),
    await firstRows.shownAt(),
  );
  expect(scripts.length).toBeGreaterThan(3);
  // The error catalogue (a JSON chunk, without sources in its map) loads once the first screen
  // is shown and the browser idles (lib/first-screen); whatever shows an error waits for it.
  expect(scripts.filter((script) => ERROR_CATALOGUE.test(script))).toEqual([]);
  await expect.poll(() => requestedScripts(fresh, ERROR_CATALOGUE)).toHaveLength(1);

  const sources = new Map<string, string>();
  for (const script of scripts) {
    const map = await fresh.request.get(`${script}.map`);
    if (!map.ok()) {
      // The bundler's own module loader and preload helper are built without a source map.
      expect(script).toMatch(/\/(rolldown-runtime|preload-helper)-[\w-]+\.js$/);
      continue;
    }
    for (const source of ((await map.json()) as { sources: string[] }).sources) sources.set(source, script);
  }
  expect([...sources.keys()].some((source) => source.includes('src/features/invoices/'))).toBe(true);
  const unwanted = [...sources].filter(([source]) => NOT_ON_FIRST_SCREEN.some((part) => source.includes(part)));
  expect(unwanted.map(([source, script]) => `${source} (in ${script.split('/').pop()})`)).toEqual([]);
  await context.close();
});

test('the welcome page asks for the error catalogue only once it is shown', async ({ page }) => {
  const heading = await noteWhenShown(page, 'h1');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => requestedScripts(page, ERROR_CATALOGUE)).toHaveLength(1);
  const [catalogueAt] = await requestedScripts(page, ERROR_CATALOGUE);
  expect(catalogueAt).toBeGreaterThan(await heading.shownAt());
});

test('an error on the first screen is shown translated although its catalogue loads later', async ({ browser, page }) => {
  await signIn(page, DEMO_ADMIN);
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const fresh = await context.newPage();
  await fresh.route(
    (url) => url.pathname === '/api/invoices',
    (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'forbidden', message: 'Forbidden' }),
      }),
  );
  await fresh.goto('/demo/invoices/new');
  await expect(fresh.getByRole('alert').filter({ hasText: 'You are not allowed to do this.' })).toBeVisible();
  await context.close();
});

test('a page of more invoices than the first paint holds shows every row', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const counterpartyName = `Zeilen ${runId()} GmbH`;
  // More than the table's first paint (20 rows): the rest follow in the render after it. Written
  // straight to the database: uploading them would mean reading each document first.
  const count = 23;
  await withDatabase((client) =>
    client.query(
      `insert into invoices (organization_id, invoice_number, counterparty_name, total_amount, currency)
       select id, 'Z-' || n, $1, 1000 + n, 'EUR' from organizations, generate_series(1, $2::int) n where slug = 'demo'`,
      [counterpartyName, count],
    ),
  );
  await page.goto(`/demo/invoices/new?search=${encodeURIComponent(counterpartyName)}`);
  await expect(page.getByTestId('invoice-row')).toHaveCount(count);
  await expect(page.getByTestId('invoice-row').last()).toContainText(counterpartyName);
});
