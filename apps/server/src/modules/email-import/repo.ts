import { and, desc, eq } from 'drizzle-orm';
import type { EmailImport, RejectedAttachment } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { emailImports, organizations } from '../../db/schema';

/**
 * System query (before any organisation is known): the organisation an import address names.
 * Slugs are unique, so the local part names at most one.
 */
export async function findOrganizationBySlug(database: Database, slug: string): Promise<{ id: OrgId; slug: string } | null> {
  const [row] = await database.withSystem((tx) =>
    tx
      .select({ id: organizations.id, slug: organizations.slug })
      .from(organizations)
      .where(eq(organizations.slug, slug))
      .limit(1),
  );
  return row ? { id: row.id as OrgId, slug: row.slug } : null;
}

export async function insertEmailImport(
  tx: Tx,
  orgId: OrgId,
  values: {
    sender: string;
    subject: string;
    messageId: string | null;
    receivedAt: Date;
    invoiceIds: string[];
    rejected: RejectedAttachment[];
  },
): Promise<string> {
  const [row] = await tx
    .insert(emailImports)
    .values({ ...values, organizationId: orgId })
    .returning({ id: emailImports.id });
  return row!.id;
}

export async function listEmailImports(tx: Tx, orgId: OrgId, limit: number): Promise<EmailImport[]> {
  const rows = await tx
    .select()
    .from(emailImports)
    .where(and(eq(emailImports.organizationId, orgId)))
    .orderBy(desc(emailImports.receivedAt), desc(emailImports.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    sender: row.sender,
    subject: row.subject,
    receivedAt: row.receivedAt.toISOString(),
    invoiceIds: row.invoiceIds,
    rejected: row.rejected,
  }));
}
