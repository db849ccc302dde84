#!/usr/bin/env node
// `npx tsx bench/payment-run-automatic.mjs` (issue 7, "Measure"): the automatic payment run over
// the 250,000-invoice organisation of `npm run seed:large`. The data set has invoices but no
// transactions, so the approved invoices get one each first (SQL, idempotent: the unique index on
// the invoice makes a second insert add nothing). Then the per-organisation function of the
// scheduled job runs for today with the strategy "3 days before due" and we print how many open
// transactions it planned, the run's size (at most one run's maximum) and the time; then the
// job's second delivery for the same day (must create nothing), and the dispatcher's listing of
// organisations. Prints figures; asserts nothing about time.
//
// The data lives in BENCH_LARGE_DIR (default: a folder in the system temp dir, seeded on first
// use and reused after, since seeding takes minutes); BENCH_LARGE_PG_PORT picks the port.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { todayIso } from '../packages/domain/src/dates.ts';
import { asOrgId, connectDatabase, migrateDatabase } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createAutomaticRun, listAutomaticRunOrganizations } from '../apps/server/src/modules/payment-runs/automatic-runs.ts';
import { printRows, round, writeResults } from './bench-support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.BENCH_LARGE_DIR ?? path.join(os.tmpdir(), 'kontor-bench-large-payment-runs');
const pgPort = Number(process.env.BENCH_LARGE_PG_PORT ?? 54_391);

async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { value, ms: round(performance.now() - started) };
}

if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
  console.log(`seeding the large data set into ${dataDir} (once) …`);
  const seeded = spawnSync('npx', ['tsx', 'bench/seed-large.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, KONTOR_DATA_DIR: dataDir, KONTOR_PG_PORT: String(pgPort) },
  });
  if (seeded.status !== 0) throw new Error('seed:large failed');
}

const embedded = await startEmbeddedPostgres(dataDir, pgPort);
const database = connectDatabase(embedded.url, { poolSize: 4 });
try {
  await migrateDatabase(database);
  const { rows: orgs } = await database.pool.query(`select id from organizations where slug = 'large'`);
  const orgId = asOrgId(orgs[0].id);
  const today = todayIso();

  // Transactions for the approved invoices, as approving them would have created (idempotent).
  const inserted = await timed(() =>
    database.pool.query(
      `insert into transactions (organization_id, status, origin, invoice_id, counterparty_id, amount, currency,
                                 requested_execution_date, end_to_end_id, remittance_information,
                                 debitor_name, debitor_iban, debitor_bic, creditor_name, creditor_iban, analysis_status)
       select i.organization_id, 'open', 'invoice', i.id, i.counterparty_id, i.total_amount, i.currency,
              coalesce(i.due_date, i.date, current_date), 'KONTOR-' || upper(substr(replace(i.id::text, '-', ''), 1, 24)),
              left(i.invoice_number, 33), 'Large Load GmbH', 'DE89370400440532013000', 'COBADEFFXXX',
              coalesce(i.counterparty_name, 'Unbekannt'), coalesce(i.counterparty_iban, 'DE12500105170648489890'), 'trusted'
         from invoices i
        where i.organization_id = $1 and i.status = 'approved' and i.total_amount > 0 and i.type = 'invoice'
       on conflict (organization_id, invoice_id) where invoice_id is not null do nothing`,
      [orgId],
    ),
  );
  // A repeatable starting point: earlier benchmark runs' automatic runs give their transactions back.
  await database.pool.query(
    `update transactions set status = 'open', payment_run_id = null
      where organization_id = $1 and payment_run_id in
            (select id from payment_runs where organization_id = $1 and origin = 'automatic')`,
    [orgId],
  );
  await database.pool.query(`delete from payment_runs where organization_id = $1 and origin = 'automatic'`, [orgId]);
  await database.pool.query(
    `update organizations set payment_run_creation_strategy = '{"mode":"days_before_due","daysBeforeDue":3}' where id = $1`,
    [orgId],
  );
  const { rows: counts } = await database.pool.query(
    `select count(*)::int as open from transactions where organization_id = $1 and status = 'open' and payment_run_id is null`,
    [orgId],
  );

  const first = await timed(() => createAutomaticRun(database, orgId, today));
  const second = await timed(() => createAutomaticRun(database, orgId, today));
  const listing = await timed(() => listAutomaticRunOrganizations(database));

  const results = {
    invoices: 250_000,
    transactionsInserted: inserted.value.rowCount,
    insertMs: inserted.ms,
    openTransactions: counts[0].open,
    date: today,
    strategy: 'days_before_due 3',
    planned: first.value.planned,
    runSize: first.value.runSize,
    automaticRunMs: first.ms,
    secondDeliveryCreatedRun: second.value.runId !== null,
    secondDeliveryMs: second.ms,
    dispatcherOrganizations: listing.value.length,
    dispatcherListingMs: listing.ms,
    cpus: os.cpus().length,
  };
  printRows(
    `Automatic payment run on the large organisation (${today}, days before due: 3)`,
    [
      ['transactions inserted for approved invoices', `${results.transactionsInserted} in ${results.insertMs} ms`],
      ['open transactions in no run', String(results.openTransactions)],
      ['planned by the strategy', String(results.planned)],
      ['run size (capped at one run’s maximum)', String(results.runSize)],
      ['automatic run: plan + create + move + log', `${results.automaticRunMs} ms`],
      ['second delivery, same day', `${results.secondDeliveryMs} ms, created a run: ${results.secondDeliveryCreatedRun}`],
      ['dispatcher: organisations with a strategy', `${results.dispatcherOrganizations} in ${results.dispatcherListingMs} ms`],
    ],
    46,
  );
  writeResults('payment-run-automatic', results);
  if (results.secondDeliveryCreatedRun) process.exitCode = 1;
} finally {
  await database.close();
  await embedded.stop();
}
