import type { TestApp } from './harness';

/**
 * A fingerprint of everything an organisation owns: every row of every table with an
 * organization_id column, plus its organisations row. Equal fingerprints = nothing changed.
 */
export async function snapshotOrganization(testApp: TestApp, organizationId: string): Promise<Record<string, string>> {
  const { pool } = testApp.database;
  const tables = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'organization_id' order by table_name`,
  );
  const snapshot: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    const result = await pool.query<{ digest: string | null }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t where organization_id = $1`,
      [organizationId],
    );
    snapshot[table] = result.rows[0]?.digest ?? '';
  }
  const organization = await pool.query<{ digest: string }>(`select md5(o::text) as digest from organizations o where id = $1`, [
    organizationId,
  ]);
  snapshot.organizations = organization.rows[0]?.digest ?? '';
  return snapshot;
}
