import type { z } from 'zod';
import type { invoiceCommentSchema } from '@kontor/domain';
import type { OrgContext } from '../../plugins/session';
import type { ActivityLogEntry } from '../activity-log/reader';
import { writeActivity } from '../activity-log/writer';
import { findUserDisplay, insertComment, listComments, listInvoiceActivity } from './repo';
import { actorOf, findVisibleInvoice, tenant, type InvoiceService } from './service';

type InvoiceComment = z.infer<typeof invoiceCommentSchema>;

/** A user without a display name is shown by e-mail; a removed user by nothing. */
const displayName = (name: string | null, email: string | null) => (name || email) ?? null;

/** The comment thread and the activity log of one invoice. */
export class InvoiceDiscussion {
  constructor(private readonly service: InvoiceService) {}

  async comments(org: OrgContext, id: string): Promise<{ items: InvoiceComment[] }> {
    return this.service.database.withOrg(tenant(org), async (tx) => {
      await findVisibleInvoice(tx, org, id);
      const rows = await listComments(tx, org.orgId, id);
      return {
        items: rows.map((row) => ({
          id: row.id,
          authorId: row.authorId,
          authorName: displayName(row.authorName, row.authorEmail) ?? '',
          body: row.body,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    });
  }

  async addComment(org: OrgContext, id: string, body: string): Promise<InvoiceComment> {
    return this.service.database.withOrg(tenant(org), async (tx) => {
      await findVisibleInvoice(tx, org, id);
      const row = await insertComment(tx, { organizationId: org.orgId, invoiceId: id, authorId: org.userId, body });
      await writeActivity(tx, org.orgId, {
        entityType: 'invoice',
        entityId: id,
        action: 'update',
        actor: actorOf(org),
        changes: { commentAdded: row.id },
      });
      const author = await findUserDisplay(tx, org.userId);
      return {
        id: row.id,
        authorId: row.authorId,
        authorName: displayName(author?.name ?? null, author?.email ?? null) ?? '',
        body: row.body,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  async activity(org: OrgContext, id: string): Promise<{ items: ActivityLogEntry[] }> {
    return this.service.database.withOrg(tenant(org), async (tx) => {
      await findVisibleInvoice(tx, org, id);
      return { items: await listInvoiceActivity(tx, org.orgId, id) };
    });
  }
}
