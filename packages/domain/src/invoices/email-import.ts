import { z } from 'zod';

/**
 * E-mail import (SPEC §1, §9): every organisation receives invoices at `<slug>@<MAIL_DOMAIN>`.
 * GET /api/invoices/import-address answers the address; GET /api/invoices/email-imports the
 * latest received mails with the invoices they became and the attachments that could not
 * become one (shown as "could not be turned into an invoice").
 */
export const importAddressSchema = z.object({ address: z.string() });
export type ImportAddress = z.infer<typeof importAddressSchema>;

export const rejectedAttachmentSchema = z.object({
  fileName: z.string(),
  /** An error code (locales errors.json), e.g. upload_unsupported_type, upload_file_too_large. */
  reason: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type RejectedAttachment = z.infer<typeof rejectedAttachmentSchema>;

export const emailImportSchema = z.object({
  id: z.uuid(),
  sender: z.string(),
  subject: z.string(),
  receivedAt: z.string(),
  invoiceIds: z.array(z.uuid()),
  rejected: z.array(rejectedAttachmentSchema),
});
export type EmailImport = z.infer<typeof emailImportSchema>;

export const emailImportListSchema = z.object({ items: z.array(emailImportSchema) });
