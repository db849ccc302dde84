#!/usr/bin/env node
// `npm run bench`: start-up time, session-call throughput against a bare route, and the
// initial JavaScript of the welcome page and the app shell. Prints a table, writes JSON.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { measureCounterparties } from './counterparties.mjs';
import { measureInitialJavaScript } from './initial-javascript.mjs';
import { measureInvoiceReads, measureInvoiceWrites } from './invoices.mjs';
import { freePort, startKontor } from './kontor-process.mjs';
import { signInOverHttp } from './sign-in.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = {};

async function load(url, headers) {
  const result = await autocannon({ url, connections: 50, duration: 10, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const port = await freePort();
const pgPort = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-'));
try {
  // 1. Start-up: a fresh data folder after install (build included), then a restart.
  const cold = await startKontor({ dataDir, port, pgPort, forceBuild: true });
  await cold.stop();
  const fresh = await startKontor({
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-')),
    port,
    pgPort: await freePort(),
    forceBuild: false,
  });
  await fresh.stop();
  const warm = await startKontor({ dataDir, port, pgPort, forceBuild: false });
  results.startup = {
    firstStartWithBuildSeconds: round(cold.seconds),
    firstStartBuiltSeconds: round(fresh.seconds),
    restartSeconds: round(warm.seconds),
    targetSeconds: 10,
  };

  // 2. Throughput of the session call against a bare route on the same server.
  const baseUrl = `http://localhost:${port}`;
  const cookie = await signInOverHttp(baseUrl, 'admin@demo.kontor.test', 'kontor-demo');
  const bare = await load(`${baseUrl}/api/ping`, {});
  const management = await load(`${baseUrl}/api/auth/management`, { cookie });
  results.throughput = {
    connections: 50,
    bare,
    management,
    ratio: round(management.requestsPerSecond / bare.requestsPerSecond, 3),
    targetRatio: 0.5,
  };

  // 3. Initial JavaScript (gzip) of the welcome page and the signed-in shell.
  results.initialJavaScript = { ...(await measureInitialJavaScript(baseUrl, cookie)), targetKb: 200 };
  await warm.stop();

  // 4. The invoice overview on 250,000 invoices (npm run seed:large into its own data folder).
  const largeDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-large-'));
  try {
    const largePgPort = await freePort();
    const seedStarted = performance.now();
    const seeded = spawnSync('npx', ['tsx', 'bench/seed-large.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, KONTOR_DATA_DIR: largeDir, KONTOR_PG_PORT: String(largePgPort) },
    });
    if (seeded.status !== 0) throw new Error('seed:large failed');
    results.seedLarge = {
      seconds: round((performance.now() - seedStarted) / 1000),
      invoices: 250_000,
      counterparties: 20_000,
      smallOrganizations: 1_000,
    };
    const large = await startKontor({ dataDir: largeDir, port, pgPort: largePgPort, forceBuild: false });
    try {
      const largeCookie = await signInOverHttp(baseUrl, 'load@large.kontor.test', 'kontor-demo');
      const invoiceBench = {
        baseUrl,
        cookie: largeCookie,
        databaseUrl: `postgres://postgres:kontor-local@127.0.0.1:${largePgPort}/postgres`,
        slug: 'large',
      };
      // Reads first: the writes leave jobs (e-mails, document reading) running behind them.
      const reads = await measureInvoiceReads(invoiceBench);
      results.counterparties = await measureCounterparties({ baseUrl, cookie: largeCookie });
      results.invoices = { ...reads, ...(await measureInvoiceWrites(invoiceBench)) };
    } finally {
      await large.stop();
    }
  } finally {
    rmSync(largeDir, { recursive: true, force: true });
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

function round(value, digits = 2) {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

/** A latency figure: the median of the runs, with every run's p99 (bench/invoices.mjs RUNS). */
const latency = (figures) => `p50 ${figures.p50Ms} ms · p99 ${figures.p99Ms} ms (runs ${figures.p99Runs.join('/')})`;

const rows = [
  ['start-up: first npm start after install (build + initdb)', `${results.startup.firstStartWithBuildSeconds} s`, '≤ 10 s'],
  ['start-up: first npm start, already built (initdb + seed)', `${results.startup.firstStartBuiltSeconds} s`, '≤ 10 s'],
  ['start-up: restart', `${results.startup.restartSeconds} s`, '≤ 10 s'],
  [
    'GET /api/ping (bare) req/s · p50 · p99',
    `${results.throughput.bare.requestsPerSecond} · ${results.throughput.bare.p50Ms} ms · ${results.throughput.bare.p99Ms} ms`,
    '',
  ],
  [
    'GET /api/auth/management req/s · p50 · p99',
    `${results.throughput.management.requestsPerSecond} · ${results.throughput.management.p50Ms} ms · ${results.throughput.management.p99Ms} ms`,
    '',
  ],
  ['management / bare throughput', `${Math.round(results.throughput.ratio * 100)} %`, '≥ 50 %'],
  [
    'initial JS, welcome page (gzip)',
    `${results.initialJavaScript.welcome.gzipKb} KB in ${results.initialJavaScript.welcome.files} files`,
    '≤ 200 KB',
  ],
  [
    'initial JS, app shell (gzip)',
    `${results.initialJavaScript.shell.gzipKb} KB in ${results.initialJavaScript.shell.files} files`,
    '≤ 200 KB',
  ],
  [
    'JS prefetched after first render: welcome · shell',
    `${results.initialJavaScript.welcome.prefetchedAfterRenderKb} KB · ${results.initialJavaScript.shell.prefetchedAfterRenderKb} KB`,
    '',
  ],
];
if (results.invoices) {
  const { firstPage, search, myApprovals, allApprovals, approvals, firstRowsInChromium, upload5MbPdf } = results.invoices;
  const rawSql = (sql) => `raw SQL (${sql.statements} statements, ${sql.roundTrips} round trips)`;
  // The API's time over its own SQL's time, at the median and at p99.
  const ratio = ({ api, sql }) => `${(api.p50Ms / sql.p50Ms).toFixed(1)}× at p50, ${(api.p99Ms / sql.p99Ms).toFixed(1)}× at p99`;
  rows.push(
    ['seed:large (250k invoices, 20k counterparties, 1,000 orgs)', `${results.seedLarge.seconds} s`, 'minutes'],
    ['invoices first page (new, by due date), API', latency(firstPage.api), 'p99 ≤ 50 ms'],
    [`  same page, its ${rawSql(firstPage.sql)}`, latency(firstPage.sql), `API ${ratio(firstPage)} (≤ 2×)`],
    ['invoices search "Huber Logistik", API', latency(search.api), 'p99 ≤ 100 ms'],
    [`  same search, its ${rawSql(search.sql)}`, latency(search.sql), `API ${ratio(search)} (≤ 2×)`],
    ['invoices first page, tab my-approvals, API', latency(myApprovals.api), 'p99 ≤ 50 ms'],
    [`  same page, its ${rawSql(myApprovals.sql)}`, latency(myApprovals.sql), `API ${ratio(myApprovals)}`],
    ['invoices first page, tab all-approvals, API', latency(allApprovals.api), 'p99 ≤ 50 ms'],
    [`  same page, its ${rawSql(allApprovals.sql)}`, latency(allApprovals.sql), `API ${ratio(allApprovals)}`],
    [
      `approvals through the API (${approvals.invoices} invoices, 20 callers)`,
      `${approvals.approvalsPerSecond} approvals/s · ${approvals.requestsPerSecond} requests/s`,
      '',
    ],
    [
      `bulk approval from "my approvals" (${approvals.bulkInvoices} invoices, 25 per request)`,
      `${approvals.bulkApprovalsPerSecond} approvals/s`,
      '',
    ],
    [
      'overview opened → first rows in Chromium',
      `median ${firstRowsInChromium.medianMs} ms · p90 ${firstRowsInChromium.p90Ms} ms · worst ${firstRowsInChromium.worstMs} ms (${firstRowsInChromium.loads} loads)`,
      '≤ 1 s',
    ],
    ['upload of a 5 MB PDF to a stored invoice', `median ${upload5MbPdf.medianMs} ms · worst ${upload5MbPdf.worstMs} ms`, ''],
  );
}
if (results.counterparties) {
  const { firstPage, search, lookup } = results.counterparties;
  rows.push(['counterparties first page (20k), API', latency(firstPage), '']);
  for (const [label, figures] of Object.entries(search)) {
    rows.push([`counterparties search "${figures.term}" (${label}), API`, latency(figures), 'p99 ≤ 30 ms']);
  }
  rows.push(['counterparties lookup (invoice form picker), API', latency(lookup), '']);
}
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`\n${'measure'.padEnd(width)}  result  (target)`);
for (const [label, value, target] of rows) console.log(`${label.padEnd(width)}  ${value}${target ? `  (${target})` : ''}`);

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    { at: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, ...results },
    null,
    2,
  ),
);
console.log(`\nwritten to ${path.relative(root, file)}`);
