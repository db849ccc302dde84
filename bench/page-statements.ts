// Prints, as JSON, the statements the API sends to PostgreSQL for one invoice overview page:
// `npx tsx bench/page-statements.ts <databaseUrl> <slug> <email> <query string>`. The benchmark
// replays them as "the raw SQL of the same page" (bench/invoices.mjs), so the comparison is with
// exactly what the API asks the database, not with a hand-written approximation that drifts.
import pg from 'pg';
import { invoiceListQuerySchema, type Permission, type Role } from '@kontor/domain';
import { asOrgId, connectDatabase } from '../apps/server/src/db/database';
import { isReadOpening, TenantReadQuery, type TenantIds } from '../apps/server/src/db/tenant-read';
import { listInvoices } from '../apps/server/src/modules/invoices/list';

interface CapturedStatement {
  name?: string;
  text: string;
  values?: unknown[];
  /** A read-only statement, sent behind its opening with this tenant (db/tenant-read.ts). */
  tenant?: TenantIds;
  genericPlan?: boolean;
  /** Statements of one wave were sent together, before any of their answers arrived. */
  wave: number;
}

const [databaseUrl, slug, email, queryString] = process.argv.slice(2);
if (!databaseUrl || !slug || !email || queryString === undefined) {
  throw new Error('usage: page-statements.ts <databaseUrl> <slug> <email> <query string>');
}

const owner = new pg.Client({ connectionString: databaseUrl });
await owner.connect();
const { rows } = await owner.query<{ org_id: string; user_id: string; role: Role; permissions: Permission[] }>(
  `select m.organization_id as org_id, m.user_id, m.role, m.permissions
     from memberships m join organizations o on o.id = m.organization_id join users u on u.id = m.user_id
    where o.slug = $1 and u.email = $2`,
  [slug, email],
);
await owner.end();
const member = rows[0];
if (!member) throw new Error(`${email} is no member of ${slug}`);

const captured: CapturedStatement[] = [];
let wave = 0;
let answerSeen = false;
const originalQuery = pg.Client.prototype.query;
// Records every statement, and which of them left together: a statement issued after an answer
// arrived starts a new wave (a round trip of its own). The openings a connection prepares before
// its first read are left out: the replay's connections prepare their own.
pg.Client.prototype.query = function capture(this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [string | { name?: string; text: string; values?: unknown[] }, unknown[] | undefined];
  const answer = (originalQuery as (...parameters: unknown[]) => unknown).apply(this, args);
  const statement = typeof config === 'string' ? { text: config, values } : config;
  if (isReadOpening(statement.name)) return answer;
  if (answerSeen) {
    wave += 1;
    answerSeen = false;
  }
  const seen = () => (answerSeen = true);
  if (config instanceof TenantReadQuery) {
    const { tenant, isGenericPlan, name, text } = config;
    captured.push({ name, text, values: config.values, tenant, genericPlan: isGenericPlan, wave });
    // Its answer arrives through its callback (a Query, not a promise, goes back to the caller).
    const callback = config.callback;
    config.callback = (error, result) => {
      seen();
      callback(error, result);
    };
    return answer;
  }
  captured.push({ name: statement.name, text: statement.text, values: statement.values ?? values, wave });
  if (answer instanceof Promise) answer.then(seen, seen);
  return answer;
} as typeof pg.Client.prototype.query;

const database = connectDatabase(databaseUrl, { poolSize: 1 });
const query = invoiceListQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));
await listInvoices(
  database,
  { orgId: asOrgId(member.org_id), userId: member.user_id, role: member.role, permissions: member.permissions, slug },
  query,
);
await database.close();
pg.Client.prototype.query = originalQuery;
// Values are JSON-safe here (strings, numbers, booleans, null); bigints would need a replacer.
process.stdout.write(JSON.stringify(captured));
