#!/usr/bin/env node
// `npm run bench:payment-reminders` (issue 66, "Measure"): the daily reminder run over 10,000
// overdue receivables across 1,000 organisations (10 each, one automatic 7-day template each,
// customers with reminders on), on a fresh embedded PostgreSQL (durable, as `npm start` runs it).
// The run is the scheduled job's function itself (runDailyReminders) at a business morning: every
// reminder row, its e-mail in the outbox and the activity, each organisation in its own
// transaction; delivering the outbox is the mail job's work and is not part of it. Then the same
// run again (must send nothing: each receivable and template once). Prints figures; asserts
// nothing about time. Results go to bench/results/payment-reminders-<time>.json.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, migrateDatabase } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { OutboxMailer } from '../apps/server/src/plugins/mailer.ts';
import { runDailyReminders } from '../apps/server/src/modules/payment-reminders/daily-run.ts';
import { freePort } from './kontor-process.mjs';
import { printRows, round, writeResults } from './bench-support.mjs';

const ORGANIZATIONS = Number(process.env.BENCH_REMINDER_ORGS ?? 1_000);
const PER_ORGANIZATION = Number(process.env.BENCH_REMINDERS_PER_ORG ?? 10);
/** Tuesday 8 December 2026, 09:00 in Berlin: a business morning. */
const NOW = new Date('2026-12-08T08:00:00Z');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-reminders-'));
const embedded = await startEmbeddedPostgres(dataDir, await freePort());
const database = connectDatabase(embedded.url, { poolSize: 8 });
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };
// The outbox's delivery jobs are not the run's work: queuing them is left out (no pg-boss here).
const jobs = { send: async () => null, register: async () => {}, schedule: async () => {} };
const mailer = new OutboxMailer({ database, jobs, from: 'Kontor <no-reply@kontor.localhost>', transport: null, logger: silent });

try {
  await migrateDatabase(database);
  const seeded = performance.now();
  await database.pool.query(
    `insert into organizations (id, slug, auth_id, name, required_fields, payment_run_creation_strategy)
     select gen_random_uuid(), 'bench-' || n, 'bench-' || n, 'Bench ' || n || ' GmbH', '{}'::jsonb, '{"mode":"disabled"}'::jsonb
     from generate_series(1, $1) n`,
    [ORGANIZATIONS],
  );
  await database.pool.query(
    `insert into reminder_templates (organization_id, interval_days, subject, header, footer, type)
     select id, 7, 'Zahlungserinnerung {{invoiceNumber}}', 'Guten Tag,\n\nunsere Rechnung {{invoiceNumber}} über {{amount}} ist seit {{daysOverdue}} Tagen fällig.',
            'Mit freundlichen Grüßen\n{{company}}', 'automatic'
     from organizations where slug like 'bench-%'`,
  );
  await database.pool.query(
    `insert into counterparties (organization_id, name, email, payment_reminders_enabled)
     select id, 'Kunde von ' || name, 'ap@' || slug || '.example', true from organizations where slug like 'bench-%'`,
  );
  await database.pool.query(
    `insert into ar_invoices (organization_id, type, status, invoice_number, counterparty_id, invoice_date, due_date,
                              net_amount, tax_amount, total_amount)
     select c.organization_id, 'invoice', 'outstanding', 'RE-' || (10000 + n), c.id, date '2026-10-01' + (n % 20),
            date '2026-10-15' + (n % 20), 100000 + n, 19000, 119000 + n
     from counterparties c cross join generate_series(1, $1) n`,
    [PER_ORGANIZATION],
  );
  await database.pool.query('analyze');
  const seedSeconds = round((performance.now() - seeded) / 1000);

  const deps = { database, mailer, publicUrl: 'http://localhost:3000' };
  const started = performance.now();
  const first = await runDailyReminders(deps, NOW);
  const seconds = (performance.now() - started) / 1000;
  const again = performance.now();
  const second = await runDailyReminders(deps, NOW);
  const againSeconds = (performance.now() - again) / 1000;
  const { rows } = await database.pool.query(
    `select count(*)::int as mails from mail_outbox where template = 'payment_reminder'`,
  );

  const results = {
    organizations: ORGANIZATIONS,
    receivables: ORGANIZATIONS * PER_ORGANIZATION,
    seedSeconds,
    run: { ...first, seconds: round(seconds, 2), mailsPerSecond: round(first.sent / seconds) },
    secondRun: { ...second, seconds: round(againSeconds, 2) },
    mailsInOutbox: rows[0].mails,
  };
  printRows(
    `Payment reminder run (${results.receivables} overdue receivables, ${ORGANIZATIONS} organisations)`,
    [
      [
        'first run',
        `${results.run.seconds} s, ${first.sent} sent, ${first.skipped} skipped, ${first.organizations} organisations`,
      ],
      ['mails per second', `${results.run.mailsPerSecond}`],
      ['same day again', `${results.secondRun.seconds} s, ${second.sent} sent`],
      ['mails in the outbox', `${results.mailsInOutbox}`],
    ],
    22,
  );
  writeResults('payment-reminders', results);
} finally {
  await mailer.flush();
  await database.close?.();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
