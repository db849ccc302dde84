import type { z } from 'zod';
import type { Tx } from '../db/database';
import type { MailAttachment } from '../db/schema/platform';

export type { MailAttachment };

/**
 * The interfaces of the shared server services. Modules depend on these, not on the
 * implementations (local folder or S3; SMTP or captured mail; pg-boss).
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a stream without holding it in memory (bank files of 100,000 entries); answers the bytes stored. */
  putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<{ size: number }>;
  get(key: string): Promise<StoredObject | null>;
  /** Reads a stored file as a stream of chunks; null when it does not exist. */
  getStream(key: string): Promise<{ stream: AsyncIterable<Uint8Array>; size: number } | null>;
  /** Size of a stored file without reading it (a stat, a HEAD request); null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** A time-limited URL a browser can fetch without a session. */
  signedUrl(key: string, ttlSeconds: number, options?: { downloadName?: string }): Promise<{ url: string; expiresAt: Date }>;
}

export interface OutgoingMail {
  organizationId: string | null;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** Which template produced it, for the mailbox and delivery statistics. */
  template?: string;
  /** Files already in the file storage (they must stay there until the mail is delivered). */
  attachments?: MailAttachment[];
  /**
   * For mails people chose to get (digests): an https URL that unsubscribes them on a POST
   * without a session, sent as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
   */
  unsubscribeUrl?: string;
}

/**
 * What the outbox learnt about a mail: delivered (in the recipient's mailbox: the local mailbox
 * when no SMTP relay is configured) or failed for good. A relay's acceptance is neither: it says
 * nothing about the recipient.
 */
export type MailDeliveryOutcome = 'delivered' | 'failed';

/** Runs in the outbox's transaction, on its own savepoint: a failing listener does not undo the delivery. */
export type MailDeliveryListener = (
  tx: Tx,
  mail: { id: string; organizationId: string },
  outcome: MailDeliveryOutcome,
) => Promise<void>;

export interface Mailer {
  /** Writes the mail to the outbox inside the caller's transaction; a job delivers it after commit. */
  enqueue(tx: Tx, mail: OutgoingMail): Promise<{ id: string }>;
  /** Tells `listener` what became of each organisation's mail of `template`. */
  onDelivery(template: string, listener: MailDeliveryListener): void;
}

export interface JobDefinition<S extends z.ZodType> {
  name: string;
  /** Every payload schema includes orgId (or null for system-wide jobs). */
  schema: S;
  handler: (payload: z.infer<S>, meta: { jobId: string; attempt: number }) => Promise<void>;
  options?: { retryLimit?: number; retryDelaySeconds?: number; retryBackoff?: boolean; expireInSeconds?: number };
}

export interface JobQueue {
  register<S extends z.ZodType>(definition: JobDefinition<S>): Promise<void>;
  send<S extends z.ZodType>(
    name: string,
    payload: z.infer<S>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
  /** Schedules a cron job (e.g. daily reminders) by name. */
  schedule(name: string, cron: string, payload: Record<string, unknown>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
    mailer: Mailer;
    jobs: JobQueue;
  }
}
