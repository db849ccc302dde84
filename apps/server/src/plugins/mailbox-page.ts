import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config';
import { mailOutbox } from '../db/schema';
import { AppError } from '../lib/app-error';
import { access } from './access';
import { contentDisposition } from './storage-local';

/**
 * The local mailbox: every captured mail, readable in the browser at /mailbox (and as JSON at
 * /api/mailbox for tests and e2e). It exists only where mail is not really sent — no SMTP_URL,
 * not production, served on localhost, and asked for from this machine — and answers 404 everywhere else.
 *
 * Access is public on purpose: this is a developer tool on a local machine, where the mails
 * belong to demo accounts and there may be nobody signed in yet (sign-up verification mails).
 * It shows the mails of all organisations, so it must never be reachable in production; the
 * availability check below is what guarantees that.
 */
export function isMailboxAvailable(config: Pick<Config, 'env' | 'mail' | 'publicUrl'>): boolean {
  // The public URL check catches a real deployment that forgot NODE_ENV=production: its mailbox
  // would hand out every organisation's invitation and sign-in links to anyone.
  const host = new URL(config.publicUrl).hostname;
  const isLocalHost = host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
  return !config.mail.smtpUrl && config.env !== 'production' && isLocalHost;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

const listQuerySchema = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const mailJsonSchema = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string().nullable(),
  status: z.string(),
  attempts: z.number(),
  error: z.string().nullable(),
  messageId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number(), url: z.string() })),
});

function toJson(row: OutboxRow): z.infer<typeof mailJsonSchema> {
  return {
    id: row.id,
    organizationId: row.organizationId,
    to: row.toAddresses,
    from: row.fromAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    messageId: row.messageId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attachments: row.attachments.map((attachment, index) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
      url: attachmentUrl(row.id, index),
    })),
  };
}

const attachmentUrl = (mailId: string, index: number) => `/mailbox/${mailId}/attachments/${index}`;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const formatTime = (date: Date | null): string => (date ? date.toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '–');

/** Mail HTML is shown in a sandboxed iframe (no scripts, unique origin) that inherits this policy. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{font-weight:600;color:#4b5563}a{color:#1d4ed8}pre{white-space:pre-wrap;background:#f9fafb;padding:1rem;border:1px solid #e5e7eb}
iframe{width:100%;height:32rem;border:1px solid #e5e7eb}.status{font-family:monospace}`;

function sendPage(reply: FastifyReply, title: string, body: string): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
        `<meta name="robots" content="noindex"><style>${STYLE}</style></head><body>${body}</body></html>`,
    );
}

function renderList(rows: OutboxRow[], to: string | undefined): string {
  const items = rows
    .map(
      (row) =>
        `<tr><td>${escapeHtml(formatTime(row.createdAt))}</td><td>${escapeHtml(row.toAddresses.join(', '))}</td>` +
        `<td><a href="/mailbox/${row.id}">${escapeHtml(row.subject)}</a></td><td class="status">${escapeHtml(row.status)}</td></tr>`,
    )
    .join('');
  return (
    `<h1>Local mailbox</h1><p>Mail that Kontor would have sent. Set <code>SMTP_URL</code> to deliver it for real.</p>` +
    `<form method="get" action="/mailbox"><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}"></label> ` +
    `<button>Filter</button> <a href="/mailbox">Refresh</a></form>` +
    (rows.length === 0
      ? '<p>No mail yet.</p>'
      : `<table><thead><tr><th>Time</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${items}</tbody></table>`)
  );
}

function renderMail(row: OutboxRow): string {
  const fields: [string, string][] = [
    ['From', row.fromAddress],
    ['To', row.toAddresses.join(', ')],
    ['Subject', row.subject],
    ['Status', `${row.status}${row.error ? ` — ${row.error}` : ''}`],
    ['Template', row.template ?? '–'],
    ['Created', formatTime(row.createdAt)],
    ['Sent', formatTime(row.sentAt)],
    ['Message-ID', row.messageId ?? '–'],
  ];
  const header = fields.map(([name, value]) => `<tr><th>${name}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  const html = row.htmlBody
    ? `<h2>HTML</h2><iframe sandbox="" referrerpolicy="no-referrer" title="HTML body" srcdoc="${escapeHtml(row.htmlBody)}"></iframe>`
    : '';
  const attachments = row.attachments.length
    ? `<h2>Attachments</h2><ul>${row.attachments
        .map(
          (attachment, index) =>
            `<li><a href="${attachmentUrl(row.id, index)}">${escapeHtml(attachment.filename)}</a> ` +
            `(${escapeHtml(attachment.contentType)}, ${Math.ceil(attachment.size / 1024)} KB)</li>`,
        )
        .join('')}</ul>`
    : '';
  return (
    `<p><a href="/mailbox">← All mail</a></p><h1>${escapeHtml(row.subject)}</h1><table>${header}</table>` +
    `<h2>Text</h2><pre>${escapeHtml(row.textBody)}</pre>${html}${attachments}`
  );
}

function recipientFilter(to: string | undefined): SQL | undefined {
  if (!to) return undefined;
  return sql`exists (select 1 from unnest(${mailOutbox.toAddresses}) as address where lower(address) = lower(${to}))`;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine itself: the socket's peer is the loopback address and no proxy
 * forwarded it for someone else. The server listens on every interface by default, so the
 * mailbox (every organisation's mails, verification links among them) must check the caller too.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return peer !== undefined && LOOPBACK.has(peer) && forwarded === undefined;
}

export function registerMailboxRoutes(app: FastifyInstance): void {
  const isAvailable = isMailboxAvailable(app.config);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const assertAvailable = (request: FastifyRequest) => {
    if (!isAvailable || !isLoopbackRequest(request)) throw new AppError('not_found');
  };
  // Across organisations by design (see above), hence the owner's connection.
  const listMails = (to: string | undefined, limit: number) =>
    app.database.withSystem((tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(recipientFilter(to))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit),
    );

  typed.get(
    '/mailbox',
    { config: { access: access.public }, schema: { hide: true, querystring: listQuerySchema } },
    async (request, reply) => {
      assertAvailable(request);
      const rows = await listMails(request.query.to, request.query.limit);
      return sendPage(reply, 'Local mailbox · Kontor', renderList(rows, request.query.to));
    },
  );

  typed.get(
    '/mailbox/:id',
    { config: { access: access.public }, schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      assertAvailable(request);
      if (!z.uuid().safeParse(request.params.id).success) throw new AppError('not_found');
      const [row] = await app.database.withSystem((tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.id, request.params.id)),
      );
      if (!row) throw new AppError('not_found');
      return sendPage(reply, `${row.subject} · Local mailbox`, renderMail(row));
    },
  );

  typed.get(
    '/mailbox/:id/attachments/:index',
    {
      config: { access: access.public },
      schema: { hide: true, params: z.object({ id: z.string(), index: z.coerce.number().int().min(0).max(50) }) },
    },
    async (request, reply) => {
      assertAvailable(request);
      if (!z.uuid().safeParse(request.params.id).success) throw new AppError('not_found');
      const [row] = await app.database.withSystem((tx) =>
        tx.select({ attachments: mailOutbox.attachments }).from(mailOutbox).where(eq(mailOutbox.id, request.params.id)),
      );
      const attachment = row?.attachments[request.params.index];
      const stored = attachment && app.hasDecorator('storage') ? await app.storage.get(attachment.storageKey) : null;
      if (!attachment || !stored) throw new AppError('not_found');
      return reply
        .type(attachment.contentType)
        .header('content-disposition', contentDisposition('attachment', attachment.filename))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stored.body);
    },
  );

  typed.get(
    '/api/mailbox',
    {
      config: { access: access.public },
      schema: { hide: true, querystring: listQuerySchema, response: { 200: z.object({ items: z.array(mailJsonSchema) }) } },
    },
    async (request) => {
      assertAvailable(request);
      const rows = await listMails(request.query.to, request.query.limit);
      return { items: rows.map(toJson) };
    },
  );
}
