#!/usr/bin/env node
// `npm run bench:export`: the lists' exports. The invoice overview's (GET /api/invoices/export) of
// 100,000 invoices, the most it allows, and the counterparty list's of 20,000 counterparties, each
// as an Excel workbook and as CSV, against a fresh Kontor whose demo organisation gets the rows
// straight into the database (invoices with cost centre, ledger account and IBAN, counterparties
// with a bank account, as the exports join them). Prints time to the last byte, file size and the
// server process's memory (RSS sampled every 50 ms during each export). PostgreSQL is not counted.
import os from 'node:os';
import pg from 'pg';
import { printRows, round, sampleRss, startSignedInKontor, writeResults } from './bench-support.mjs';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const COUNTERPARTIES = 20_000;

async function seedInvoices(pgPort) {
  const client = new pg.Client({ connectionString: `postgres://postgres:kontor-local@127.0.0.1:${pgPort}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query(`select id from organizations where slug = 'demo'`);
    const orgId = rows[0].id;
    await client.query(
      `insert into invoices (organization_id, status, counterparty_name, counterparty_iban, counterparty_vat, invoice_number,
         date, due_date, net_amount, tax_amount, total_amount, currency, tax_rate, cost_center_id, ledger_account_id, remittance_information)
       select $1, 'new', 'Lieferant ' || lpad((g % 2000)::text, 4, '0') || ' GmbH', 'DE89370400440532013000', 'DE123456789',
         'RE-2026-' || lpad(g::text, 6, '0'), date '2026-01-01' + (g % 300), date '2026-02-01' + (g % 300),
         10000 + g % 90000, (10000 + g % 90000) * 19 / 100, (10000 + g % 90000) * 119 / 100, 'EUR', 1900,
         (select id from cost_centers where organization_id = $1 order by code limit 1),
         (select id from ledger_accounts where organization_id = $1 order by code limit 1),
         'Rechnung RE-2026-' || lpad(g::text, 6, '0')
       from generate_series(1, $2::int) g`,
      [orgId, ROWS],
    );
    await client.query(
      `insert into counterparties (organization_id, name, vat_number, city, country, payment_terms_days)
       select $1, 'Partner ' || lpad(g::text, 5, '0') || ' GmbH', 'DE123456789', 'Berlin', 'DE', 30
       from generate_series(1, $2::int) g`,
      [orgId, COUNTERPARTIES],
    );
    await client.query(
      `insert into counterparty_bank_accounts (organization_id, counterparty_id, name, iban)
       select organization_id, id, 'Hausbank', 'DE89370400440532013000' from counterparties
       where organization_id = $1 and name like 'Partner %'`,
      [orgId],
    );
    // Statistics as a running database has them, not as autovacuum happens to have caught up.
    await client.query('analyze invoices, counterparties, counterparty_bank_accounts');
  } finally {
    await client.end();
  }
}

async function measureExport(kontor, format, list = 'invoices') {
  const memory = sampleRss(kontor.serverPids);
  const started = performance.now();
  const query = list === 'invoices' ? 'tab=new&sort=dueDate&direction=asc&' : '';
  const response = await fetch(`${kontor.baseUrl}/api/${list}/export?${query}format=${format}`, { headers: kontor.headers });
  const body = Buffer.from(await response.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  const { before, peakRss } = memory.stop();
  if (!response.ok) throw new Error(`export answered ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
  return {
    rows: Number(response.headers.get('x-row-count')),
    seconds: round(seconds, 2),
    rowsPerSecond: Math.round(Number(response.headers.get('x-row-count')) / seconds),
    fileMb: round(body.length / 1024 / 1024, 2),
    serverRssBeforeMb: round(before.rss),
    serverRssPeakMb: round(peakRss),
  };
}

const kontor = await startSignedInKontor('kontor-bench-export-');
try {
  const seedStarted = performance.now();
  await seedInvoices(kontor.pgPort);
  const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
  // A first, unmeasured export warms the plans and loads exceljs, as a running server has them.
  await measureExport(kontor, 'csv');
  const xlsx = await measureExport(kontor, 'xlsx');
  const csv = await measureExport(kontor, 'csv');
  await measureExport(kontor, 'csv', 'counterparties');
  const counterparties = {
    xlsx: await measureExport(kontor, 'xlsx', 'counterparties'),
    csv: await measureExport(kontor, 'csv', 'counterparties'),
  };
  const results = { invoices: ROWS, seedSeconds, xlsx, csv, counterparties, cpus: os.cpus().length };
  const line = (result) =>
    `${result.seconds} s (${result.rowsPerSecond} rows/s), ${result.fileMb} MB, server RSS ${result.serverRssBeforeMb} → ${result.serverRssPeakMb} MB`;
  printRows(
    `Invoice export (${ROWS.toLocaleString('en')} rows of tab "new", ${results.cpus} CPUs)`,
    [
      ['rows in the file', String(xlsx.rows)],
      ['Excel workbook (.xlsx)', line(xlsx)],
      ['CSV', line(csv)],
    ],
    24,
  );
  printRows(
    `Counterparty export (${counterparties.xlsx.rows.toLocaleString('en')} rows)`,
    [
      ['Excel workbook (.xlsx)', line(counterparties.xlsx)],
      ['CSV', line(counterparties.csv)],
    ],
    24,
  );
  writeResults('invoice-export', results);
} finally {
  await kontor.close();
}
