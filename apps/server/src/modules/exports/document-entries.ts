import type { ExportType } from '@kontor/domain';
import type { ExportFileRow } from './export-rows';
import type { ItemBatch } from './job-items';

/**
 * The documents of an export in the zip (issue 41 item 3): named by invoice number, so that the
 * accountant finds a booking's document by its Belegfeld 1; attachments (complete export) in a
 * folder per invoice; names that would collide get a running suffix.
 */

/** What the zip holds of one invoice, for the index of a complete export and DATEV's document.xml. */
export interface IndexedInvoice {
  invoiceId: string;
  invoiceNumber: string | null;
  counterpartyName: string | null;
  date: string | null;
  totalAmount: number | null;
  currency: string | null;
  document: { guid: string; name: string } | null;
  attachments: string[];
}

export interface DocumentEntry {
  name: string;
  file: ExportFileRow;
}

// Characters Windows, macOS and the zip tools disagree on, and control characters.
// eslint-disable-next-line no-control-regex -- matching the control characters is the point.
const UNSAFE = /[\u0000-\u001f<>:"/\\|?*\u007f]+/g;

export function safeFileName(name: string): string {
  const cleaned = name
    .replace(UNSAFE, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return cleaned === '' ? 'document' : cleaned;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && fileName.length - dot <= 6 ? fileName.slice(dot).toLowerCase() : '';
}

/** Keeps names unique inside the archive (case-insensitive, as Windows compares them). */
export class NameRegistry {
  private readonly taken = new Set<string>();

  claim(base: string, extension: string): string {
    for (let attempt = 1; ; attempt += 1) {
      const name = attempt === 1 ? `${base}${extension}` : `${base}-${attempt}${extension}`;
      if (!this.taken.has(name.toLowerCase())) {
        this.taken.add(name.toLowerCase());
        return name;
      }
    }
  }
}

interface Subject {
  invoiceId: string;
  invoiceNumber: string | null;
  counterpartyName: string | null;
  date: string | null;
  totalAmount: number | null;
  currency: string | null;
}

function subjectsOf(batch: ItemBatch): Subject[] {
  if (batch.invoices.length > 0) {
    return batch.invoices.map((row) => ({
      invoiceId: row.id,
      invoiceNumber: row.invoiceNumber,
      counterpartyName: row.counterpartyName,
      date: row.date,
      totalAmount: row.totalAmount,
      currency: row.currency,
    }));
  }
  return batch.payments.flatMap((row) =>
    row.invoiceId
      ? [
          {
            invoiceId: row.invoiceId,
            invoiceNumber: row.invoiceNumber,
            counterpartyName: row.creditorName,
            date: row.executionDate,
            totalAmount: row.amount,
            currency: row.currency,
          },
        ]
      : [],
  );
}

/** The zip entries of one batch's documents (and attachments for a complete export), with their index rows. */
export function documentEntriesOf(
  batch: ItemBatch,
  type: ExportType,
  names: NameRegistry,
): { entries: DocumentEntry[]; indexed: IndexedInvoice[] } {
  const entries: DocumentEntry[] = [];
  const indexed: IndexedInvoice[] = [];
  for (const subject of subjectsOf(batch)) {
    const files = batch.files.get(subject.invoiceId) ?? [];
    const base = safeFileName(subject.invoiceNumber ?? subject.invoiceId);
    const documentFile = files.find((file) => file.kind === 'document') ?? null;
    let document: IndexedInvoice['document'] = null;
    if (documentFile) {
      const name = names.claim(base, extensionOf(documentFile.fileName));
      entries.push({ name, file: documentFile });
      document = { guid: documentFile.id, name };
    }
    const attachments: string[] = [];
    if (type === 'complete') {
      for (const file of files.filter((entry) => entry.kind === 'attachment')) {
        const name = names.claim(
          `attachments/${base}/${safeFileName(file.fileName.replace(/\.[^.]*$/, ''))}`,
          extensionOf(file.fileName),
        );
        entries.push({ name, file });
        attachments.push(name);
      }
    }
    indexed.push({ ...subject, document, attachments });
  }
  return { entries, indexed };
}
