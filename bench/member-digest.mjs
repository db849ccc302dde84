#!/usr/bin/env node
// `npm run bench:member-digest` (issue 68, "Measure"): the daily member digest over 1,000
// organisations × 10 members on a fresh embedded PostgreSQL (durable, as `npm start` runs it).
// Every organisation has something for each of the seven sections (new invoices of the period,
// invoices waiting for approval, invoices ready for export, payments due within 7 days, a payment
// run waiting and one approved, receivables paid in the period) and history around it; its members
// chose the options their permissions allow, in a realistic mix. The run is the scheduled job's
// function itself (runDailyDigests) at a business morning: every member's digest row, the mails in
// the outbox, each organisation in its own transaction; delivering the outbox is the mail job's
// work and is not part of it. Then the same run again (must write nothing: one digest per member
// and day), and a batch of organisations with 2 members each, run on its own, whose reads per
// organisation must equal those with 10 members (no n+1). The statements are counted by wrapping
// pg.Client#query and attributed to their organisation by the transaction's tenant setting.
// Prints figures; asserts nothing about time. Results go to bench/results/member-digest-<time>.json.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, migrateDatabase } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { OutboxMailer } from '../apps/server/src/plugins/mailer.ts';
import { DIGEST_MAIL_TEMPLATE, runDailyDigests } from '../apps/server/src/modules/member-digest/daily-digest.ts';
import { freePort } from './kontor-process.mjs';
import { germanIban, printRows, round, writeResults } from './bench-support.mjs';

const ORGANIZATIONS = Number(process.env.BENCH_DIGEST_ORGS ?? 1_000);
const MEMBERS = Number(process.env.BENCH_DIGEST_MEMBERS ?? 10);
/** The comparison batch: the same data with 2 members per organisation. */
const SMALL_ORGANIZATIONS = 50;
const SMALL_MEMBERS = 2;
/** Tuesday 8 December 2026, 09:00 in Berlin: a business morning; the digest reports Monday 7 December. */
const NOW = new Date('2026-12-08T08:00:00Z');

const ALL_OPTIONS = [
  'new_invoices',
  'invoices_needing_approval',
  'invoices_ready_for_export',
  'transactions_due_soon',
  'payment_runs_needing_approval',
  'payment_runs_ready_for_export',
  'paid_receivables',
];
/**
 * The members of an organisation, by position (cycled beyond ten): role, permissions, language
 * and the options they chose (only what their permissions allow). Invoices wait for the admin and
 * one of 1, 4, 6; payment runs for 0, 2 and 6; member 8 chose only "needing approval" and nothing
 * waits for her: a quiet member.
 */
const PROFILES = [
  { name: 'Anna Adler', role: 'admin', permissions: [], locale: 'de', options: ALL_OPTIONS },
  {
    name: 'Bernd Brandt',
    role: 'user',
    permissions: ['ap_invoices:manage'],
    locale: 'de',
    options: ['new_invoices', 'invoices_needing_approval', 'invoices_ready_for_export'],
  },
  {
    name: 'Clara Coleman',
    role: 'user',
    permissions: ['payment_runs:manage'],
    locale: 'en',
    options: ['transactions_due_soon', 'payment_runs_needing_approval', 'payment_runs_ready_for_export'],
  },
  { name: 'Dieter Dorn', role: 'user', permissions: ['ar_invoices:manage'], locale: 'de', options: ['paid_receivables'] },
  { name: 'Eva Engel', role: 'user', permissions: ['ap_invoices:manage'], locale: null, options: ['invoices_needing_approval'] },
  {
    name: 'Frank Fuchs',
    role: 'user',
    permissions: ['ap_invoices:manage', 'payment_runs:manage'],
    locale: 'de',
    options: ['invoices_ready_for_export', 'transactions_due_soon', 'payment_runs_ready_for_export'],
  },
  {
    name: 'Greta Graf',
    role: 'user',
    permissions: ['payment_runs:manage'],
    locale: 'de',
    options: ['invoices_needing_approval', 'payment_runs_needing_approval'],
  },
  {
    name: 'Hans Hartmann',
    role: 'user',
    permissions: ['ap_invoices:manage', 'ar_invoices:manage'],
    locale: 'en',
    options: ['new_invoices', 'paid_receivables'],
  },
  { name: 'Ines Jung', role: 'user', permissions: ['ap_invoices:manage'], locale: 'de', options: ['invoices_needing_approval'] },
  {
    name: 'Jonas Keller',
    role: 'user',
    permissions: ['ar_invoices:manage', 'payment_runs:manage'],
    locale: 'de',
    options: ['transactions_due_soon', 'paid_receivables'],
  },
];
const SUPPLIERS = [
  'Büro König GmbH',
  'Papier & Co. KG',
  'Müller & Söhne KG',
  'Stadtwerke Nord GmbH',
  'Telekom Deutschland GmbH',
  'Spedition Weber GmbH',
  'IT-Service Schmidt',
  'Druckerei Hoffmann OHG',
  'Gebäudereinigung Blitzblank',
  'Kanzlei Fischer & Partner',
  'Hausverwaltung Becker',
  'Software Wagner AG',
];
const CUSTOMERS = [
  'Alpha Handel GmbH',
  'Beta Logistik KG',
  'Gamma Maschinenbau AG',
  'Delta Bau GmbH',
  'Epsilon Medien GmbH',
  'Zeta Einzelhandel e.K.',
];
const COUNTERPARTIES = [...SUPPLIERS, ...CUSTOMERS];
const IBANS = COUNTERPARTIES.map((_, index) => germanIban(7_000 + index));
const DEBITOR_IBAN = germanIban(42);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-digest-'));
const embedded = await startEmbeddedPostgres(dataDir, await freePort());
const database = connectDatabase(embedded.url, { poolSize: 8 });
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };
// The outbox's delivery jobs are not the run's work: queuing them is left out (no pg-boss here).
const jobs = { send: async () => null, register: async () => {}, schedule: async () => {} };
const mailer = new OutboxMailer({ database, jobs, from: 'Kontor <no-reply@kontor.localhost>', transport: null, logger: silent });
const deps = { database, mailer, publicUrl: 'http://localhost:3000', secret: 'bench-member-digest-session-secret-0123456789' };

// Statement counting: every query a pg client of this process sends while `counting` is set. A
// tenant transaction opens with `begin; select set_config('app.org_id', …)` on its connection: what
// follows on that connection up to its commit belongs to that organisation.
let counting = null;
const organizationOf = new WeakMap();
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countingQuery(...args) {
  if (counting) record(this, args[0]);
  return originalQuery.apply(this, args);
};
const emptyCounts = () => ({ read: 0, write: 0, transaction: 0 });
function statementKind(text) {
  if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text)) return 'transaction';
  if (/^\s*select/i.test(text) && !/txid_current/i.test(text)) return 'read';
  return 'write'; // insert, update, and the outbox's transaction id per mail
}
function record(client, config) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const opened = /set_config\('app\.org_id', '([0-9a-f-]{36})'/i.exec(text);
  if (opened) organizationOf.set(client, opened[1]);
  const orgId = organizationOf.get(client);
  let counts = counting.outside;
  if (orgId) {
    counts = counting.byOrganization.get(orgId) ?? emptyCounts();
    counting.byOrganization.set(orgId, counts);
  }
  counts[statementKind(text)] += 1;
  if (/^\s*(commit|rollback)\b/i.test(text)) organizationOf.delete(client);
}
/** Runs the day's digests with the statements counted: the run's result, its time and its statements. */
async function countedRun() {
  counting = { byOrganization: new Map(), outside: emptyCounts() };
  const started = performance.now();
  try {
    const result = await runDailyDigests(deps, NOW);
    return { result, seconds: (performance.now() - started) / 1000, statements: summarize(counting, result) };
  } finally {
    counting = null;
  }
}
const range = (values) =>
  values.length === 0
    ? null
    : { min: Math.min(...values), max: Math.max(...values), mean: round(values.reduce((a, b) => a + b, 0) / values.length, 2) };
function summarize({ byOrganization, outside }, result) {
  const perOrganization = [...byOrganization.values()];
  const sum = (counts) => counts.read + counts.write + counts.transaction;
  const total = perOrganization.reduce((all, counts) => all + sum(counts), sum(outside));
  return {
    total,
    outsideOrganizations: sum(outside),
    organizationsCounted: perOrganization.length,
    perOrganization: range(perOrganization.map(sum)),
    readsPerOrganization: range(perOrganization.map((counts) => counts.read)),
    writesPerOrganization: range(perOrganization.map((counts) => counts.write)),
    transactionControlPerOrganization: range(perOrganization.map((counts) => counts.transaction)),
    perMail: result.mails === 0 ? null : round(total / result.mails, 2),
  };
}
const spread = (figures) =>
  figures === null
    ? '–'
    : figures.min === figures.max
      ? `${figures.min}`
      : `${figures.min}–${figures.max} (mean ${figures.mean})`;

/**
 * One batch of organisations (slug `${prefix}<n>`) with `memberCount` members each and the data of
 * every section, set-based. Counts vary with the organisation's number; every section has something.
 */
async function seed(prefix, organizationCount, memberCount) {
  const query = (text, params = []) => database.pool.query(text, params);
  // The batch's organisations with their number; members with their position (PROFILES).
  const orgs = `o as (select id, slug, substring(slug from length($1::text) + 1)::int as n from organizations where starts_with(slug, $1::text))`;
  const members = `m as (select ms.organization_id, ms.user_id, split_part(u.auth_subject, '|', 3)::int as idx
                           from memberships ms join users u on u.id = ms.user_id join o on o.id = ms.organization_id)`;
  // Net amounts from 50 € to 4,050 €, VAT 19 %.
  const amount = (k) => `(5000 + (((${k}) * 7919 + o.n * 104729) % 400000))`;
  const supplier = (k) => `c.organization_id = o.id and c.name = ($2::text[])[1 + ((${k}) + o.n) % ${SUPPLIERS.length}]`;

  await query(
    `insert into organizations (slug, auth_id, name, required_fields, payment_run_creation_strategy, company_details)
     select $1::text || n, $1::text || n, 'Digest ' || n || ' GmbH', '{}'::jsonb, '{"mode":"disabled"}'::jsonb,
            jsonb_build_object('name', 'Digest ' || n || ' GmbH', 'city', 'Berlin')
     from generate_series(1, $2) n`,
    [prefix, organizationCount],
  );
  await query(
    `with ${orgs}
     insert into users (auth_subject, email, name, locale)
     select 'bench|' || o.slug || '|' || i, lower(split_part(p->>'name', ' ', 1)) || '.' || i || '@' || o.slug || '.example',
            p->>'name', p->>'locale'
     from o cross join generate_series(0, $2 - 1) i cross join lateral (select ($3::jsonb) -> (i % $4::int) as p) profile`,
    [prefix, memberCount, JSON.stringify(PROFILES), PROFILES.length],
  );
  await query(
    `with ${orgs}
     insert into memberships (organization_id, user_id, role, permissions, notification_options, onboarding_completed)
     select o.id, u.id, p->>'role', array(select jsonb_array_elements_text(p->'permissions')),
            array(select jsonb_array_elements_text(p->'options')), true
     from o cross join generate_series(0, $2 - 1) i cross join lateral (select ($3::jsonb) -> (i % $4::int) as p) profile
     join users u on u.auth_subject = 'bench|' || o.slug || '|' || i`,
    [prefix, memberCount, JSON.stringify(PROFILES), PROFILES.length],
  );
  await query(
    `with ${orgs}
     insert into counterparties (organization_id, name, email, city, country, payment_terms_days,
                                 accounts_payable_number, accounts_receivable_number)
     select o.id, ($2::text[])[k], 'buchhaltung@' || k || '.' || o.slug || '.example', 'Berlin', 'DE', 14 + 7 * (k % 3),
            case when k <= $3 then (70000 + k)::text end, case when k > $3 then (10000 + k)::text end
     from o cross join generate_series(1, cardinality($2::text[])) k`,
    [prefix, COUNTERPARTIES, SUPPLIERS.length],
  );

  // Supplier invoices. History: exported in September to November.
  await query(
    `with ${orgs}
     insert into invoices (organization_id, status, ocr_status, counterparty_id, counterparty_name, invoice_number, date,
                           due_date, net_amount, tax_amount, total_amount, currency, tax_rate, exported_at, created_at, updated_at)
     select o.id, 'exported', 'done', c.id, c.name, 'H-' || o.n || '-' || k, d::date, d::date + 14,
            ${amount('k')}, ${amount('k')} * 19 / 100, ${amount('k')} * 119 / 100, 'EUR', 1900, d + interval '20 days', d, d + interval '20 days'
     from o cross join generate_series(1, 60) k
     cross join lateral (select timestamptz '2026-09-01 08:00Z' + (k * 37 % 90) * interval '1 day' as d) t
     join counterparties c on ${supplier('k')}`,
    [prefix, SUPPLIERS],
  );
  // Arrived during the period (Monday 7 December, Berlin business hours): 6 to 20, some still
  // being read (nothing known yet), one in eleven cancelled since; and one each just before and after.
  await query(
    `with ${orgs}
     insert into invoices (organization_id, status, ocr_status, counterparty_id, counterparty_name, invoice_number, date,
                           due_date, net_amount, tax_amount, total_amount, currency, tax_rate, email_sender, created_at, updated_at)
     select o.id, case when k % 11 = 0 then 'cancelled' else 'new' end, case when reading then 'processing' else 'done' end,
            case when not reading then c.id end, case when not reading then c.name end,
            case when not reading then 'RE-2026-' || (4000 + o.n * 31 + k) end,
            case when not reading then date '2026-12-01' + k % 6 end, case when not reading then date '2026-12-15' + k % 14 end,
            case when not reading then ${amount('k')} end, case when not reading then ${amount('k')} * 19 / 100 end,
            case when not reading then ${amount('k')} * 119 / 100 end, case when not reading then 'EUR' end,
            case when not reading then 1900 end, 'rechnung@lieferant.example', t.at, t.at
     from o cross join generate_series(-1, 6 + o.n % 15) k
     cross join lateral (select k > 0 and k % 7 = 0 as reading,
                                case k when -1 then timestamptz '2026-12-06 22:30Z' when 0 then timestamptz '2026-12-08 06:15Z'
                                       else timestamptz '2026-12-07 06:30Z' + (k * 47 % 690) * interval '1 minute' end as at) t
     join counterparties c on ${supplier('k + 3')}`,
    [prefix, SUPPLIERS],
  );
  // Approved and ready for export: 3 to 10, one of them being written by an export right now.
  await query(
    `with ${orgs}
     insert into invoices (organization_id, status, ocr_status, counterparty_id, counterparty_name, invoice_number, date,
                           due_date, net_amount, tax_amount, total_amount, currency, tax_rate, exporting_job_id, created_at, updated_at)
     select o.id, 'approved', 'done', c.id, c.name, 'A-' || o.n || '-' || k, date '2026-11-10' + k * 2, date '2026-12-10' + k,
            ${amount('k + 100')}, ${amount('k + 100')} * 19 / 100, ${amount('k + 100')} * 119 / 100, 'EUR', 1900,
            case when k = 1 and o.n % 5 = 0 then gen_random_uuid() end, t.at, t.at
     from o cross join generate_series(1, 3 + o.n % 8) k
     cross join lateral (select timestamptz '2026-11-20 09:00Z' + k * interval '1 day' as at) t
     join counterparties c on ${supplier('k + 5')}`,
    [prefix, SUPPLIERS],
  );
  // Waiting for approval: 2 to 5, each waiting for the admin and one of members 1, 4, 6.
  await query(
    `with ${orgs}
     insert into invoices (organization_id, status, ocr_status, counterparty_id, counterparty_name, invoice_number, date,
                           due_date, net_amount, tax_amount, total_amount, currency, tax_rate, created_at, updated_at)
     select o.id, 'in_approval', 'done', c.id, c.name, 'F-' || o.n || '-' || k, date '2026-11-25' + k, date '2026-12-09' + k * 3,
            ${amount('k + 200')}, ${amount('k + 200')} * 19 / 100, ${amount('k + 200')} * 119 / 100, 'EUR', 1900, t.at, t.at
     from o cross join generate_series(1, 2 + o.n % 4) k
     cross join lateral (select timestamptz '2026-12-01 10:00Z' + k * interval '17 hours' as at) t
     join counterparties c on ${supplier('k + 7')}`,
    [prefix, SUPPLIERS],
  );
  await query(
    `with ${orgs}, ${members}
     insert into approval_requests (organization_id, entity_type, entity_id, flow_name, required_approvals, requested_by, requested_at)
     select i.organization_id, 'invoice', i.id, 'Standard', array[1], m.user_id, i.created_at + interval '1 hour'
     from invoices i join o on o.id = i.organization_id join m on m.organization_id = i.organization_id and m.idx = 0
     where i.status = 'in_approval'`,
    [prefix],
  );
  await query(
    `with ${orgs}, ${members}
     insert into approval_items (organization_id, request_id, entity_type, entity_id, step, approver_id, is_waiting)
     select r.organization_id, r.id, 'invoice', r.entity_id, 0, m.user_id, true
     from (select r.*, row_number() over (partition by r.organization_id order by r.entity_id) as k
             from approval_requests r join o on o.id = r.organization_id where r.entity_type = 'invoice') r
     join m on m.organization_id = r.organization_id and (m.idx = 0 or m.idx = (array[1, 4, 6])[1 + r.k % 3])`,
    [prefix],
  );

  // Payment runs: two exported in November, one approved (ready to export), one waiting for
  // approval, and a second waiting one in every third organisation.
  await query(
    `with ${orgs}
     insert into payment_runs (organization_id, number, name, status, origin, created_at, approved_at, exported_at,
                               export_format, export_file_key, export_file_name)
     select o.id, r.number, r.name, r.status, 'manual', r.created, case when r.status in ('approved', 'exported') then r.created + interval '1 day' end,
            case when r.status = 'exported' then r.created + interval '2 days' end,
            case when r.status = 'exported' then 'pain.001.001.09' end,
            case when r.status = 'exported' then 'bench/' || o.slug || '/pr-' || r.number || '.xml' end,
            case when r.status = 'exported' then 'PR-' || r.number || '.xml' end
     from o cross join (values (1, 'Lieferanten November', 'exported', timestamptz '2026-11-09 09:00Z'),
                               (2, null, 'exported', timestamptz '2026-11-23 09:00Z'),
                               (3, 'Lieferanten KW 50', 'approved', timestamptz '2026-12-04 09:00Z'),
                               (4, 'Dezember', 'in_approval', timestamptz '2026-12-07 10:00Z'),
                               (5, null, 'in_approval', timestamptz '2026-12-07 14:00Z')) r(number, name, status, created)
     where r.number < 5 or o.n % 3 = 0`,
    [prefix],
  );
  const transactionColumns = `organization_id, status, origin, amount, currency, requested_execution_date, end_to_end_id,
    remittance_information, debitor_name, debitor_iban, debitor_bic, creditor_name, creditor_iban, counterparty_id, payment_run_id,
    exported_at, created_at, updated_at`;
  await query(
    `with ${orgs}
     insert into transactions (${transactionColumns})
     select pr.organization_id, s.status, 'manual', ${amount('k * 13 + pr.number')} * 119 / 100, 'EUR', s.execution,
            'E2E-' || o.n || '-' || pr.number || '-' || k, 'RE-' || o.n || '-' || pr.number || '-' || k, o.slug || ' GmbH', $3, 'COBADEFFXXX',
            c.name, ($4::text[])[1 + (k + pr.number + o.n) % $5::int], c.id, pr.id, pr.exported_at, pr.created_at, pr.created_at
     from payment_runs pr join o on o.id = pr.organization_id
     join (values (1, 6, 'exported', date '2026-11-11'), (2, 4, 'exported', date '2026-11-25'), (3, 3, 'approved', date '2026-12-10'),
                  (4, 4, 'planned', date '2026-12-14'), (5, 2, 'planned', date '2026-12-18')) s(number, count, status, execution)
       on s.number = pr.number
     cross join generate_series(1, s.count) k
     join counterparties c on ${supplier('k + pr.number')}`,
    [prefix, SUPPLIERS, DEBITOR_IBAN, IBANS, SUPPLIERS.length],
  );
  // Open payments: 4 to 12, requested from 5 to 17 December (overdue, due within 7 days, later).
  await query(
    `with ${orgs}
     insert into transactions (${transactionColumns})
     select o.id, 'open', 'manual', ${amount('k + 300')} * 119 / 100, 'EUR', date '2026-12-05' + (k * 3 + o.n) % 13,
            'E2E-' || o.n || '-open-' || k, 'RE-' || o.n || '-open-' || k, o.slug || ' GmbH', $3, 'COBADEFFXXX',
            c.name, ($4::text[])[1 + (k + o.n) % $5::int], c.id, null, null, timestamptz '2026-12-03 09:00Z', timestamptz '2026-12-03 09:00Z'
     from o cross join generate_series(1, 4 + o.n % 9) k
     join counterparties c on ${supplier('k + 2')}`,
    [prefix, SUPPLIERS, DEBITOR_IBAN, IBANS, SUPPLIERS.length],
  );
  // The runs' approvals: the approved run decided by the admin (and member 2), the waiting ones
  // waiting for members 0, 2 and 6.
  await query(
    `with ${orgs}, ${members}
     insert into approval_requests (organization_id, entity_type, entity_id, flow_name, required_approvals, status,
                                    requested_by, requested_at, decided_at)
     select pr.organization_id, 'payment_run', pr.id, 'Zahlungsläufe', array[1], case pr.status when 'in_approval' then 'pending' else 'approved' end,
            m.user_id, pr.created_at + interval '10 minutes', pr.approved_at
     from payment_runs pr join o on o.id = pr.organization_id join m on m.organization_id = pr.organization_id and m.idx = 0
     where pr.status in ('approved', 'in_approval')`,
    [prefix],
  );
  await query(
    `with ${orgs}, ${members}
     insert into approval_items (organization_id, request_id, entity_type, entity_id, step, approver_id, decision, decided_at, is_waiting)
     select r.organization_id, r.id, 'payment_run', r.entity_id, 0, m.user_id,
            case r.status when 'pending' then 'pending' else 'approved' end, r.decided_at, r.status = 'pending'
     from approval_requests r join o on o.id = r.organization_id
     join m on m.organization_id = r.organization_id and m.idx in (0, 2, 6)
     where r.entity_type = 'payment_run'`,
    [prefix],
  );

  // Receivables: 2 to 11 paid during the period (some booked by the bank days before), a credit
  // note refunded in every fourth organisation, 8 paid before, 12 outstanding, 2 drafts.
  await query(
    `with ${orgs}
     insert into ar_invoices (organization_id, type, status, invoice_number, counterparty_id, invoice_date, due_date, currency,
                              net_amount, tax_amount, total_amount, tax_breakdown, paid_amount, paid_on, paid_at, payment_term_days,
                              created_at, updated_at)
     select o.id, s.type, s.status, case when s.status <> 'draft' then s.prefix || (s.base + k) end, c.id,
            date '2026-11-02' + (k * 3) % 30, date '2026-11-16' + (k * 3) % 30, 'EUR',
            ${amount('k + s.base')}, ${amount('k + s.base')} * 19 / 100, ${amount('k + s.base')} * 119 / 100,
            jsonb_build_array(jsonb_build_object('rate', 1900, 'basis', ${amount('k + s.base')}, 'tax', ${amount('k + s.base')} * 19 / 100)),
            case when s.status = 'paid' then ${amount('k + s.base')} * 119 / 100 else 0 end,
            case when s.status = 'paid' then (t.paid_at at time zone 'Europe/Berlin')::date - case when k % 3 = 0 then 3 else 0 end end,
            case when s.status = 'paid' then t.paid_at end, 14, timestamptz '2026-11-02 09:00Z', coalesce(t.paid_at, timestamptz '2026-11-02 09:00Z')
     from o
     join (values ('paid_in_period', 'invoice', 'paid', 'RE-', 10000), ('refunded', 'credit_note', 'paid', 'GS-', 20000),
                  ('paid_before', 'invoice', 'paid', 'RE-', 10100), ('outstanding', 'invoice', 'outstanding', 'RE-', 10200),
                  ('draft', 'invoice', 'draft', null, 10300)) s(kind, type, status, prefix, base)
       on s.kind <> 'refunded' or o.n % 4 = 0
     cross join generate_series(1, case s.kind when 'paid_in_period' then 2 + o.n % 10 when 'refunded' then 1
                                               when 'paid_before' then 8 when 'outstanding' then 12 else 2 end) k
     cross join lateral (select case s.kind when 'paid_in_period' then timestamptz '2026-12-07 07:00Z' + (k * 61 % 600) * interval '1 minute'
                                            when 'refunded' then timestamptz '2026-12-07 11:00Z'
                                            when 'paid_before' then timestamptz '2026-11-20 10:00Z' + k * interval '2 days' end as paid_at) t
     join counterparties c on c.organization_id = o.id and c.name = ($2::text[])[1 + (k + o.n) % cardinality($2::text[])]`,
    [prefix, CUSTOMERS],
  );
}

/** What a batch holds, for the report. */
async function seededCounts(prefix) {
  const { rows } = await database.pool.query(
    `with o as (select id from organizations where starts_with(slug, $1::text))
     select (select count(*) from o)::int as organizations,
            (select count(*) from memberships m join o on o.id = m.organization_id)::int as members,
            (select count(*) from memberships m join o on o.id = m.organization_id where cardinality(m.notification_options) > 0)::int as readers,
            (select count(*) from counterparties c join o on o.id = c.organization_id)::int as counterparties,
            (select count(*) from invoices i join o on o.id = i.organization_id)::int as invoices,
            (select count(*) from invoices i join o on o.id = i.organization_id
              where i.created_at >= '2026-12-06 23:00Z' and i.created_at < '2026-12-07 23:00Z')::int as "invoicesInPeriod",
            (select count(*) from invoices i join o on o.id = i.organization_id where i.status = 'approved')::int as "invoicesApproved",
            (select count(*) from invoices i join o on o.id = i.organization_id where i.status = 'in_approval')::int as "invoicesInApproval",
            (select count(*) from approval_items a join o on o.id = a.organization_id where a.is_waiting)::int as "approvalItemsWaiting",
            (select count(*) from transactions t join o on o.id = t.organization_id)::int as transactions,
            (select count(*) from transactions t join o on o.id = t.organization_id
              where t.status in ('open', 'planned', 'approved', 'rejected') and t.requested_execution_date <= '2026-12-15')::int as "transactionsDueSoon",
            (select count(*) from payment_runs r join o on o.id = r.organization_id)::int as "paymentRuns",
            (select count(*) from ar_invoices a join o on o.id = a.organization_id)::int as receivables,
            (select count(*) from ar_invoices a join o on o.id = a.organization_id
              where a.status = 'paid' and a.type = 'invoice' and a.paid_at >= '2026-12-06 23:00Z' and a.paid_at < '2026-12-07 23:00Z')::int as "receivablesPaidInPeriod"`,
    [prefix],
  );
  return rows[0];
}

try {
  await migrateDatabase(database);
  const seedStarted = performance.now();
  await seed('bench-digest-', ORGANIZATIONS, MEMBERS);
  await database.pool.query('analyze');
  const seedSeconds = round((performance.now() - seedStarted) / 1000);
  const seeded = await seededCounts('bench-digest-');

  const first = await countedRun();
  const second = await countedRun();
  // The comparison batch, seeded after the large one's digests are written: a run of the same
  // morning now finds only these organisations.
  await seed('bench-small-digest-', SMALL_ORGANIZATIONS, SMALL_MEMBERS);
  await database.pool.query('analyze');
  const small = await countedRun();
  const { rows: outbox } = await database.pool.query(
    `select count(*)::int as mails, round(avg(length(text_body)))::int as "textChars", round(avg(length(html_body)))::int as "htmlChars"
     from mail_outbox where template = $1`,
    [DIGEST_MAIL_TEMPLATE],
  );

  const run = (counted) => ({
    ...counted.result,
    seconds: round(counted.seconds, 2),
    mailsPerSecond: counted.result.mails === 0 ? 0 : round(counted.result.mails / counted.seconds),
    statements: counted.statements,
  });
  const readsLarge = first.statements.readsPerOrganization;
  const readsSmall = small.statements.readsPerOrganization;
  const noNPlusOne =
    readsLarge !== null &&
    readsSmall !== null &&
    readsLarge.min === readsLarge.max &&
    readsSmall.min === readsSmall.max &&
    readsLarge.max === readsSmall.max;
  const results = {
    organizations: ORGANIZATIONS,
    membersPerOrganization: MEMBERS,
    seeded,
    seedSeconds,
    run: run(first),
    secondRun: run(second),
    comparison: { organizations: SMALL_ORGANIZATIONS, membersPerOrganization: SMALL_MEMBERS, run: run(small) },
    noNPlusOne,
    outbox: outbox[0],
  };

  const s = first.statements;
  printRows(
    `Member digest run (${ORGANIZATIONS} organisations × ${MEMBERS} members, ${seeded.readers} readers)`,
    [
      [
        'seeded',
        `${seedSeconds} s: ${seeded.members} members, ${seeded.invoices} invoices (${seeded.invoicesInPeriod} in the period, ` +
          `${seeded.invoicesApproved} approved, ${seeded.invoicesInApproval} in approval), ${seeded.approvalItemsWaiting} waiting approval items, ` +
          `${seeded.transactions} payments (${seeded.transactionsDueSoon} due soon), ${seeded.paymentRuns} payment runs, ` +
          `${seeded.receivables} receivables (${seeded.receivablesPaidInPeriod} paid in the period)`,
      ],
      [
        'first run',
        `${results.run.seconds} s, ${first.result.mails} mails, ${first.result.quiet} quiet members, ${first.result.organizations} organisations`,
      ],
      ['mails per second', `${results.run.mailsPerSecond}`],
      [
        'statements',
        `${s.total} in all, ${round(s.total / Math.max(1, first.result.organizations), 1)} per organisation, ${s.perMail} per digest mail`,
      ],
      [
        'per organisation',
        `${spread(s.readsPerOrganization)} reads, ${spread(s.writesPerOrganization)} writes, ` +
          `${spread(s.transactionControlPerOrganization)} begin/commit; ${s.outsideOrganizations} for the run's selection`,
      ],
      [
        `with ${SMALL_MEMBERS} members`,
        `${SMALL_ORGANIZATIONS} organisations: ${small.result.mails} mails, ${small.result.quiet} quiet, ${round(small.seconds, 2)} s; ` +
          `${spread(small.statements.readsPerOrganization)} reads, ${spread(small.statements.writesPerOrganization)} writes per organisation`,
      ],
      [
        'no n+1',
        noNPlusOne
          ? `yes: the same reads per organisation with ${SMALL_MEMBERS} and ${MEMBERS} members`
          : 'NO: the reads grow with the members',
      ],
      [
        'same day again',
        `${results.secondRun.seconds} s, ${second.result.mails} mails, ${second.result.organizations} organisations, ${second.statements.total} statements`,
      ],
      [
        'mails in the outbox',
        `${outbox[0].mails} (text ${outbox[0].textChars} chars, HTML ${outbox[0].htmlChars} chars on average)`,
      ],
    ],
    20,
  );
  writeResults('member-digest', results);
  if (second.result.mails !== 0 || !noNPlusOne) process.exitCode = 1;
} finally {
  pg.Client.prototype.query = originalQuery;
  await mailer.flush();
  await database.close?.();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
