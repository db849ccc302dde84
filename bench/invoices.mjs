// Invoice overview and upload figures on the large organisation of `npm run seed:large`:
// the first page (tab new, by due date) and a search through the API next to the raw SQL of the
// same page, the approval tabs' first pages, approvals per second through the API, the time
// until Chromium shows the first rows, and a 5 MB PDF upload.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const CONNECTIONS = 20;
const DURATION_SECONDS = 10;

export async function apiLatency(url, cookie) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers: { cookie } });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** The same page as raw SQL on a pool of the same size, for the "within 2× of raw SQL" target. */
async function sqlLatency(databaseUrl, text, values) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  const latencies = [];
  const deadline = performance.now() + DURATION_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await pool.query(text, values);
        latencies.push(performance.now() - started);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  return { queriesPerSecond: Math.round(latencies.length / DURATION_SECONDS), p50Ms: at(0.5), p99Ms: at(0.99) };
}

async function firstRowsInBrowser(baseUrl, cookie, slug) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const [name, value] = cookie.split('=');
  const timings = [];
  for (let run = 0; run < 5; run += 1) {
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${baseUrl}/${slug}/invoices/new`);
    await page.locator('tbody tr').first().waitFor();
    timings.push(performance.now() - started);
    await context.close();
  }
  await browser.close();
  timings.sort((a, b) => a - b);
  return { medianMs: Math.round(timings[2]), worstMs: Math.round(timings[4]) };
}

/** A real one-page PDF of about 5 MB: the page plus an embedded, incompressible data stream. */
async function fiveMegabytePdf() {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([595, 842]);
  page.drawText('Rechnung RE-2026-5MB', { x: 50, y: 780, size: 16, font });
  const filler = randomBytes(5 * 1024 * 1024 - 2048);
  document.context.register(document.context.stream(filler));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

async function uploadTimings(baseUrl, cookie) {
  const pdf = await fiveMegabytePdf();
  const timings = [];
  for (let run = 0; run < 5; run += 1) {
    const form = new FormData();
    form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'rechnung-5mb.pdf');
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/invoices/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin: baseUrl },
    });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return { bytes: pdf.length, medianMs: Math.round(timings[2]), worstMs: Math.round(timings[4]) };
}

/** Runs `work` over `items` with CONNECTIONS callers at once; answers the calls per second. */
async function throughput(items, work) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
  return Math.round(items.length / ((performance.now() - started) / 1000));
}

/**
 * Approvals through the API: a one-step, one-approver flow (the load user), approval requested
 * for many distinct new invoices, then each approved by POST /api/invoices/:id/approve (which
 * locks the invoice, records the decision, closes the request and moves the invoice).
 */
async function approvalThroughput(baseUrl, cookie, databaseUrl, orgId, count = 2_000) {
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const post = async (path, body, expected = 200) => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status !== expected) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const me = await (await fetch(`${baseUrl}/api/auth/management`, { headers })).json();
  const flow = await post(
    '/api/approval-flows',
    {
      name: `Bench ${Date.now()}`,
      type: 'invoice',
      isDefault: false,
      steps: [{ approverIds: [me.user.id], requiredApprovals: 1 }],
      conditions: [],
    },
    201,
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `select id, version from invoices where organization_id = $1 and status = 'new' order by id limit $2`,
    [orgId, count],
  );
  await client.end();
  const requestsPerSecond = await throughput(rows, (row) =>
    post(`/api/invoices/${row.id}/request-approval`, { version: row.version, flowId: flow.id }),
  );
  const approvalsPerSecond = await throughput(rows, (row) =>
    post(`/api/invoices/${row.id}/approve`, { version: row.version + 1 }),
  );
  return { invoices: rows.length, requestsPerSecond, approvalsPerSecond };
}

export async function measureInvoices({ baseUrl, cookie, databaseUrl, slug }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('select id from organizations where slug = $1', [slug]);
  await client.end();
  const orgId = rows[0].id;
  const pageSql = `select id, status, ocr_status, counterparty_name, invoice_number, date, due_date, total_amount, currency, type
                     from invoices where organization_id = $1 and status = 'new'
                    order by due_date asc nulls last, id asc limit 51`;
  // The same search as the API: counterparties by name, unlinked invoices by their written name,
  // invoice numbers; then the page of those ids by due date.
  const searchSql = `with ids as (
                       select i.id from invoices i where i.organization_id = $1
                          and i.counterparty_id in (select c.id from counterparties c where c.organization_id = $1 and c.name ilike $2)
                       union select i.id from invoices i where i.organization_id = $1 and i.counterparty_id is null and i.counterparty_name ilike $2
                       union select i.id from invoices i where i.organization_id = $1 and i.invoice_number ilike $2)
                     select id, status, ocr_status, counterparty_name, invoice_number, date, due_date, total_amount, currency, type
                       from invoices where organization_id = $1 and status = 'new' and id in (select id from ids)
                      order by due_date asc nulls last, id asc limit 51`;
  return {
    firstPage: {
      api: await apiLatency(`${baseUrl}/api/invoices?tab=new&sort=dueDate&direction=asc&limit=50`, cookie),
      sql: await sqlLatency(databaseUrl, pageSql, [orgId]),
    },
    search: {
      api: await apiLatency(
        `${baseUrl}/api/invoices?tab=new&sort=dueDate&direction=asc&limit=50&search=${encodeURIComponent('Huber Logistik')}`,
        cookie,
      ),
      sql: await sqlLatency(databaseUrl, searchSql, [orgId, '%Huber Logistik%']),
    },
    myApprovals: await apiLatency(`${baseUrl}/api/invoices?tab=my-approvals&sort=dueDate&direction=asc&limit=50`, cookie),
    allApprovals: await apiLatency(`${baseUrl}/api/invoices?tab=all-approvals&sort=dueDate&direction=asc&limit=50`, cookie),
    approvals: await approvalThroughput(baseUrl, cookie, databaseUrl, orgId),
    firstRowsInChromium: await firstRowsInBrowser(baseUrl, cookie, slug),
    upload5MbPdf: await uploadTimings(baseUrl, cookie),
  };
}
