// The README's picture of the invoice overview (docs/images/invoice-overview.png), taken from a
// running Kontor with demo data:
//
//   PORT=3291 KONTOR_DATA_DIR=/tmp/shot-data KONTOR_PG_PORT=54391 SMTP_IMPORT_PORT=0 npm start
//   KONTOR_URL=http://localhost:3291 npx tsx scripts/readme-screenshot.ts
//
// When Demo GmbH has no invoices yet, it first puts some in the way its people would: Anna Admin
// uploads e-invoices (ZUGFeRD/Factur-X) and PDFs from ../shared/fixtures, asks Carl Clerk to approve
// some of them, and he approves two and rejects one. Then it shows the overview at 1440×900 in English.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const baseURL = process.env.KONTOR_URL ?? 'http://localhost:3000';
const fixtures = process.env.KONTOR_FIXTURES ?? path.resolve(root, '../shared/fixtures');
const output = path.join(root, 'docs/images/invoice-overview.png');

const zugferd = 'einvoice/zugferd-corpus/ZUGFeRDv2/correct';
const STAYS_NEW = [
  'invoice-extraction/invoice2data/compare/AmazonWebServices.pdf',
  'einvoice/zugferd-corpus/unstructured/RE-E-974-Hetzner_2016-01-19_R0005532486.pdf',
  `${zugferd}/intarsys/EN16931/zugferd_2p0_EN16931_OEPNV.pdf`,
  `${zugferd}/Mustangproject/MustangGnuaccountingBeispielRE-20190610_507.pdf`,
  'einvoice/zugferd-corpus/XML-Rechnung/FX/EN16931_Miete.pdf',
  'einvoice/zugferd-corpus/XML-Rechnung/FX/EN16931_Einfach.pdf',
  `${zugferd}/FNFE-factur-x-examples/Facture_UE_MINIMUM.pdf`,
  `${zugferd}/intarsys/EXTENDED/zugferd_2p0_EXTENDED_Warenrechnung.pdf`,
  'einvoice/zugferd-corpus/ZUGFeRDv1/correct/Intarsys/ZUGFeRD_1p0_EXTENDED_Kostenrechnung.pdf',
];
const IN_APPROVAL = [
  'einvoice/zugferd-corpus/XML-Rechnung/FX/EN16931_Betriebskostenabrechnung.pdf',
  `${zugferd}/intarsys/EXTENDED/zugferd_2p0_EXTENDED_Fremdwaehrung.pdf`,
];
const APPROVED = [
  `${zugferd}/intarsys/EXTENDED/zugferd_2p0_EXTENDED_InnergemeinschLieferungMehrereBestellungen.pdf`,
  `${zugferd}/intarsys/BASIC/zugferd_2p0_BASIC_Taxifahrt.pdf`,
];
const REJECTED = ['einvoice/zugferd-corpus/XML-Rechnung/FX/EN16931_Physiotherapeut.pdf'];

async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'en-GB',
    colorScheme: 'light',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('kontor-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/demo\/invoices/);
  return page;
}

async function call(page: Page, method: 'get' | 'post' | 'put', url: string, options: object = {}) {
  const response = await page.request[method](url, options);
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Uploads one file and waits until it is read (the invoice answers 409 while its job reads it). */
async function upload(page: Page, file: string): Promise<string> {
  const buffer = readFileSync(path.join(fixtures, file));
  const multipart = { files: { name: path.basename(file), mimeType: 'application/pdf', buffer } };
  const { items } = await call(page, 'post', '/api/invoices/upload', { multipart });
  const id: string = items[0].id;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if ((await page.request.get(`/api/invoices/${id}`)).status() === 200) return id;
    await page.waitForTimeout(250);
  }
  throw new Error(`${file} was not read within a minute`);
}

/** An invoice action with the invoice's current version (optimistic locking). */
async function act(page: Page, id: string, action: string, data: object = {}) {
  const { version } = await call(page, 'get', `/api/invoices/${id}`);
  await call(page, 'post', `/api/invoices/${id}/${action}`, { data: { version, ...data } });
}

async function putInInvoices(browser: Browser, admin: Page): Promise<void> {
  const clerk = await signIn(browser, 'clerk@demo.kontor.test');
  const { items: members } = await call(admin, 'get', '/api/team/members');
  const clerkId = members.find((member: { email: string }) => member.email === 'clerk@demo.kontor.test').userId;
  const steps = [{ approverIds: [clerkId], requiredApprovals: 1 }];
  await call(admin, 'post', '/api/approval-flows', {
    data: { name: 'Supplier invoices', type: 'invoice', isDefault: true, steps, conditions: [] },
  });
  for (const file of STAYS_NEW) await upload(admin, file);
  for (const file of IN_APPROVAL) await act(admin, await upload(admin, file), 'request-approval');
  for (const file of [...APPROVED, ...REJECTED]) {
    const id = await upload(admin, file);
    await act(admin, id, 'request-approval');
    if (APPROVED.includes(file)) await act(clerk, id, 'approve');
    else await act(clerk, id, 'reject', { reason: 'Private treatment, not a company expense.' });
  }
  await clerk.context().close();
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const admin = await signIn(browser, 'admin@demo.kontor.test');
  const { counts } = await call(admin, 'get', '/api/invoices?tab=new');
  if (Object.values(counts as Record<string, number>).every((count) => count === 0)) await putInInvoices(browser, admin);
  await call(admin, 'put', '/api/user/locale', { data: { locale: 'en' } });
  await admin.context().close();
  // A fresh sign-in: the page that uploaded would point out its uploads above the list.
  const page = await signIn(browser, 'admin@demo.kontor.test');
  await page.goto('/demo/invoices');
  await page.getByTestId('invoice-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: output });
  console.log(`Saved ${path.relative(root, output)}`);
} finally {
  await browser.close();
}
