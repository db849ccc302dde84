/* global window, document, MutationObserver */
// Initial JavaScript of a page, measured in Debian's Chromium: gzip size of the scripts the
// page requested before it rendered its main heading.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

export async function measureInitialJavaScript(baseUrl, cookie) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  /**
   * Initial JavaScript = the scripts the page requested before it rendered its main heading
   * (timed inside the page, on the browser's clock). Scripts fetched afterwards are idle-time
   * prefetches (menus, dialogs) and are reported separately.
   */
  const measure = async (pathname, cookies) => {
    const context = await browser.newContext();
    if (cookies) await context.addCookies(cookies);
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('main h1, h1')) {
          window.__kontorRenderedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'networkidle' });
    const { renderedAt, scripts } = await page.evaluate(() => ({
      renderedAt: window.__kontorRenderedAt,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
    }));
    await context.close();
    const sized = await Promise.all(
      scripts.map(async (script) => ({
        ...script,
        size: gzipSync(Buffer.from(await (await fetch(script.url)).arrayBuffer()), { level: 9 }).length,
      })),
    );
    const initial = sized.filter((script) => script.startTime <= renderedAt);
    const kb = (entries) => Math.round((entries.reduce((sum, entry) => sum + entry.size, 0) / 1024) * 10) / 10;
    return {
      files: initial.length,
      gzipKb: kb(initial),
      renderedAtMs: Math.round(renderedAt),
      prefetchedAfterRenderKb: kb(sized.filter((script) => script.startTime > renderedAt)),
    };
  };
  const [name, value] = cookie.split('=');
  const welcome = await measure('/');
  const shell = await measure('/demo/invoices/new', [{ name, value, url: baseUrl }]);
  await browser.close();
  return { welcome, shell };
}
