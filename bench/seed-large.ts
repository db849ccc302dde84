/**
 * `npm run seed:large`: one organisation with 250,000 invoices (each with its PDF document) and 20,000 counterparties, a few
 * team members, a default two-step invoice approval flow and approval requests for its invoices
 * in approval (the load user waits on about 3,000 of them), plus 1,000 small organisations, in the configured database (embedded in .kontor unless
 * DATABASE_URL). Bulk INSERT … SELECT generate_series: minutes at most, not hours.
 * Sign in to the large one as load@large.kontor.test / kontor-demo (slug `large`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { loadConfig } from '../apps/server/src/config';
import { connectDatabase, migrateDatabase } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { ensureIdentityAccount } from '../apps/server/src/idp';
import { authSubjectOf } from '../apps/server/src/modules/auth/service';
import { createOrganization } from '../apps/server/src/modules/organizations/service';
import { createFileStorage } from '../apps/server/src/plugins/storage';

const LARGE = { slug: 'large', name: 'Large Load GmbH', invoices: 250_000, counterparties: 20_000 };
const SMALL = { count: 1_000, invoices: 25, counterparties: 5 };
const PASSWORD = 'kontor-demo';

const config = loadConfig();
const embedded = config.database.url ? undefined : await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort);
const database = connectDatabase(config.database.url ?? embedded!.url, { poolSize: 4 });
const storage = createFileStorage(config);
const started = Date.now();
const step = (label: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${label}`);

try {
  await migrateDatabase(database);
  const { rows: existing } = await database.pool.query(`select id from organizations where slug = $1`, [LARGE.slug]);
  if (existing.length > 0) {
    console.log('The large organisation exists already; nothing to do.');
  } else {
    const account = await ensureIdentityAccount(database, {
      email: 'load@large.kontor.test',
      password: PASSWORD,
      name: 'Lena Load',
      locale: null,
    });
    const { rows: users } = await database.pool.query<{ id: string }>(
      `insert into users (auth_subject, email, name) values ($1, $2, 'Lena Load')
       on conflict (auth_subject) do update set email = excluded.email returning id`,
      [authSubjectOf(config.oidc, account.id), 'load@large.kontor.test'],
    );
    const adminId = users[0]!.id;
    const large = await createOrganization(database, { name: LARGE.name, slug: LARGE.slug, adminUserId: adminId });
    await database.pool.query(
      `update subscriptions set plan = 'professional', status = 'active', additional_packs = 1000 where organization_id = $1`,
      [large.id],
    );
    await database.pool.query(`update users set current_organization_id = $1 where id = $2`, [large.id, adminId]);
    step('large organisation and its admin');

    await insertCounterparties(large.id, LARGE.counterparties);
    step(`${LARGE.counterparties.toLocaleString('en')} counterparties`);
    await insertInvoices(large.id, adminId, LARGE.invoices);
    step(`${LARGE.invoices.toLocaleString('en')} invoices`);
    const waiting = await insertApprovals(large.id, adminId);
    step(`team, approval flow and requests (${waiting.toLocaleString('en')} waiting for the load user)`);

    for (let index = 1; index <= SMALL.count; index += 1) {
      const org = await createOrganization(database, {
        name: `Kleinbetrieb ${index}`,
        slug: `small-${index}`,
        adminUserId: adminId,
      });
      await insertCounterparties(org.id, SMALL.counterparties);
      await insertInvoices(org.id, adminId, SMALL.invoices);
      if (index % 250 === 0) step(`${index} small organisations`);
    }
    await database.pool.query('vacuum analyze');
    step('done (analysed)');
  }
} finally {
  await database.close();
  await embedded?.stop();
}

async function insertCounterparties(orgId: string, count: number): Promise<void> {
  await database.pool.query(
    `insert into counterparties (organization_id, name, vat_number, accounts_payable_number)
     select $1,
            (array['Müller','Schmidt','Schneider','Fischer','Weber','Meyer','Wagner','Becker','Hoffmann','Schulz','Gruber','Huber','Bauer','Wimmer','Steiner'])[1 + n % 15]
              || ' ' || (array['Bürotechnik','Logistik','Elektro','Software','Druckerei','Catering','Reinigung','Consulting','Metallbau','Spedition'])[1 + (n / 15) % 10]
              || ' ' || (array['GmbH','AG','KG','GmbH & Co. KG','e.K.'])[1 + (n / 150) % 5] || ' ' || n,
            'DE' || lpad((100000000 + n)::text, 9, '0'),
            (70000 + n)::text
       from generate_series(1, $2::int) as n`,
    [orgId, count],
  );
  // One valid German IBAN of its own per counterparty, at one of five banks: real data has
  // distinct IBANs, and one shared IBAN made every IBAN search match all 20,000 counterparties.
  // The check digits are ISO 13616's: 98 − (BBAN followed by "DE00" as digits) mod 97.
  await database.pool.query(
    `insert into counterparty_bank_accounts (organization_id, counterparty_id, name, iban)
     select organization_id, id, 'Hauptkonto',
            'DE' || lpad((98 - ((bban || '131400')::numeric % 97))::text, 2, '0') || bban
       from (select organization_id, id,
                    (array['37040044','50010517','10020890','70150000','20050550'])[1 + (row_number() over (order by id)) % 5]
                      || lpad((532013000 + 7 * row_number() over (order by id))::text, 10, '0') as bban
               from counterparties where organization_id = $1) as numbered`,
    [orgId],
  );
}

/**
 * `count` invoices, each with its document (every upload has one): the organisation's one seeded
 * PDF (seedDocument) under the file name the overview shows. The invoices get that name at once,
 * so the trigger that keeps invoices.document_file_name (migration 0044) finds nothing to change.
 */
async function insertInvoices(orgId: string, uploadedBy: string, count: number): Promise<void> {
  const document = await seedDocument(orgId);
  await database.pool.query(
    `with cps as (select row_number() over (order by c.id) as rn, c.id, c.name, b.iban
                   from counterparties c join counterparty_bank_accounts b on b.counterparty_id = c.id
                  where c.organization_id = $1),
          total as (select count(*) as n from cps),
          inserted as (
     insert into invoices (organization_id, status, type, counterparty_id, counterparty_name, counterparty_iban, invoice_number,
                           date, due_date, net_amount, tax_amount, total_amount, currency, tax_rate, should_create_transaction,
                           uploaded_by, created_at, updated_at, document_file_name)
     select $1,
            (array['new','new','in_approval','approved','rejected','exported','exported','exported','exported','exported','exported','archived'])[1 + s.n % 12],
            case when s.n % 40 = 0 then 'credit_note' else 'invoice' end,
            cps.id, cps.name, cps.iban,
            'RE-' || (2024 + s.n % 3) || '-' || lpad(s.n::text, 6, '0'),
            d.day, d.day + (14 + s.n % 30),
            round(a.gross / 1.19), a.gross - round(a.gross / 1.19), a.gross, 'EUR', 1900, true,
            $2, now() - (s.n % 700) * interval '1 hour', now(),
            'Rechnung RE-' || (2024 + s.n % 3) || '-' || lpad(s.n::text, 6, '0') || '.pdf'
       from generate_series(1, $3::int) as s(n)
       cross join total
       join cps on cps.rn = 1 + (s.n::bigint * 7919) % total.n
       cross join lateral (select (current_date - (s.n % 540))::date as day) as d
       cross join lateral (select (1000 + (s.n::bigint * 104729) % 9999000)::bigint as gross) as a
     returning id, document_file_name, created_at)
     insert into invoice_files (organization_id, invoice_id, kind, storage_key, file_name, content_type, size, pages, sha256,
                                created_by, created_at)
     select $1, id, 'document', $4, document_file_name, 'application/pdf', $5, 1, $6, $2, created_at from inserted`,
    [orgId, uploadedBy, count, document.key, document.size, document.sha256],
  );
}

/** One PDF per organisation, stored as uploads are (the storage checks that a key is the organisation's). */
async function seedDocument(orgId: string): Promise<{ key: string; size: number; sha256: string }> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Rechnung (seed:large)', { x: 72, y: 760, size: 18 });
  const body = Buffer.from(await pdf.save());
  const key = `org/${orgId}/invoices/seed/${randomUUID()}.pdf`;
  await storage.put(key, body, 'application/pdf');
  return { key, size: body.length, sha256: createHash('sha256').update(body).digest('hex') };
}

/**
 * Three members, a default invoice flow (step 1: Anton or Berta; step 2: the load user or Carla)
 * and a pending request for every invoice in approval: every seventh has passed step 1 (Anton
 * approved) and waits for the load user, the rest wait for step 1. Set-based, like the rest.
 */
async function insertApprovals(orgId: string, loadUserId: string): Promise<number> {
  const { rows: team } = await database.pool.query<{ id: string }>(
    `with added as (
       insert into users (auth_subject, email, name)
       select 'seed|' || gen_random_uuid(), lower(name) || '@large.kontor.test', name || ' Approver'
         from unnest(array['Anton','Berta','Carla']) with ordinality as t(name, n)
       returning id, email)
     insert into memberships (organization_id, user_id, role) select $1, id, 'user' from added order by email returning user_id as id`,
    [orgId],
  );
  const [anton, berta, carla] = team.map((row) => row.id);
  const { rows: flows } = await database.pool.query<{ id: string }>(
    `insert into approval_flows (organization_id, name, type, is_default, position, steps, conditions)
     values ($1, 'Vier Augen', 'invoice', true, 0, $2::jsonb, '[]'::jsonb) returning id`,
    [
      orgId,
      JSON.stringify([
        { approverIds: [anton, berta], requiredApprovals: 1 },
        { approverIds: [loadUserId, carla], requiredApprovals: 1 },
      ]),
    ],
  );
  await database.pool.query(
    `insert into approval_requests (organization_id, entity_type, entity_id, flow_id, flow_name, status, current_step,
                                    required_approvals, requested_by, requested_at)
     select $1, 'invoice', id, $2, 'Vier Augen', 'pending', case when n % 7 = 0 then 1 else 0 end, '{1,1}', $3, created_at
       from (select id, created_at, row_number() over (order by id) as n
               from invoices where organization_id = $1 and status = 'in_approval') as open`,
    [orgId, flows[0]!.id, loadUserId],
  );
  const { rowCount } = await database.pool.query(
    `insert into approval_items (organization_id, request_id, entity_type, entity_id, step, approver_id, decision, decided_at, is_waiting)
     select r.organization_id, r.id, 'invoice', r.entity_id, a.step, a.approver_id,
            case when r.current_step = 1 and a.approver_id = $2 then 'approved' else 'pending' end,
            case when r.current_step = 1 and a.approver_id = $2 then r.requested_at + interval '1 day' end,
            a.step = r.current_step and not (r.current_step = 1 and a.approver_id = $2)
       from approval_requests r
      cross join (values (0, $2::uuid), (0, $3::uuid), (1, $4::uuid), (1, $5::uuid)) as a(step, approver_id)
      where r.organization_id = $1`,
    [orgId, anton, berta, loadUserId, carla],
  );
  if (!rowCount) throw new Error('no approval items were seeded');
  const { rows } = await database.pool.query<{ count: number }>(
    `select count(*)::int as count from approval_items where organization_id = $1 and approver_id = $2 and is_waiting`,
    [orgId, loadUserId],
  );
  return rows[0]!.count;
}
