import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { mailOutbox } from '../db/schema';

/**
 * How a report about a sent mail names it (issue 66 item 4): the VERP bounce address its
 * envelope carried, or the Message-ID `<mail-uuid@sender-domain>` it was sent with.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BOUNCE_PREFIX = 'bounce+';

/** The envelope sender of a mail: bounces for it come back to the import listener, naming the mail. */
export function bounceAddressFor(mailId: string, domain: string): string {
  return `${BOUNCE_PREFIX}${mailId}@${domain}`;
}

/** The mail a bounce address names, or null when the address is none of ours. */
export function mailIdOfBounceAddress(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || address.slice(at + 1).toLowerCase() !== domain) return null;
  const local = address.slice(0, at).toLowerCase();
  if (!local.startsWith(BOUNCE_PREFIX)) return null;
  const mailId = local.slice(BOUNCE_PREFIX.length);
  return UUID.test(mailId) ? mailId : null;
}

/** `<id@host>` whether the reporter wrote the brackets or not (providers differ). */
export function normalizeMessageId(messageId: string): string | null {
  const bare = messageId.trim().replace(/^<|>$/g, '');
  return /^[^\s<>@]+@[^\s<>@]+$/.test(bare) ? `<${bare}>` : null;
}

/**
 * The sent mail that a mail id or a Message-ID names. Kontor's Message-ID carries the mail's id,
 * so it is looked up by primary key and must match in full: message_id has no index, and a
 * Message-ID of another sender never names one of ours.
 */
export async function findReportedMail(
  tx: Tx,
  reference: { mailId?: string; messageId?: string },
): Promise<{ id: string; organizationId: string | null; template: string | null } | null> {
  const columns = { id: mailOutbox.id, organizationId: mailOutbox.organizationId, template: mailOutbox.template };
  if (reference.mailId && UUID.test(reference.mailId)) {
    const [row] = await tx.select(columns).from(mailOutbox).where(eq(mailOutbox.id, reference.mailId));
    if (row) return row;
  }
  const messageId = reference.messageId ? normalizeMessageId(reference.messageId) : null;
  const mailId = messageId?.slice(1, messageId.indexOf('@')).toLowerCase();
  if (!messageId || !mailId || !UUID.test(mailId)) return null;
  const [row] = await tx
    .select(columns)
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.messageId, messageId)));
  return row ?? null;
}
