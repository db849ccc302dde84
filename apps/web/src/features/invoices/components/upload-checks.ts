import { INVOICE_UPLOAD_LIMITS } from '@kontor/domain/invoices/invoice-constants';
import { intlFormatter } from '@kontor/domain/intl';

/** File name endings of the accepted types; the server decides by content, this is only a first hint. */
export const ACCEPTED_EXTENSIONS = ['.pdf', '.png', '.jpg', '.jpeg', '.tif', '.tiff', '.webp', '.xml'] as const;
/** E-invoices (XRechnung UBL or CII) arrive as XML files; browsers report either type. */
export const XML_MIME_TYPES = ['application/xml', 'text/xml'] as const;
const ACCEPTED_MIME_TYPES: readonly string[] = [...INVOICE_UPLOAD_LIMITS.mimeTypes, ...XML_MIME_TYPES];
/** For the file picker's `accept`: extensions and MIME types. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, ...new Set(ACCEPTED_MIME_TYPES)].join(',');

export type LocalRejection = 'upload_unsupported_type' | 'upload_file_too_large' | 'upload_too_many_files';

export interface CheckedFile<F> {
  file: F;
  rejection: LocalRejection | null;
}

interface FileLike {
  name: string;
  size: number;
  type: string;
}

export function hasAcceptedType(file: FileLike): boolean {
  const name = file.name.toLowerCase();
  const isKnownExtension = ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension));
  const isKnownMime = ACCEPTED_MIME_TYPES.includes(file.type);
  return isKnownExtension || isKnownMime;
}

/**
 * The client's checks before anything is sent (the server repeats them on the content):
 * at most 20 files at once — counting those already in the dialog — at most 20 MB each,
 * PDF, image or XML e-invoice by name or type. Files over the count are refused, the first ones are kept.
 */
export function checkUploadFiles<F extends FileLike>(files: readonly F[], alreadyQueued = 0): CheckedFile<F>[] {
  return files.map((file, index) => {
    if (alreadyQueued + index >= INVOICE_UPLOAD_LIMITS.maxFiles) return { file, rejection: 'upload_too_many_files' };
    if (!hasAcceptedType(file)) return { file, rejection: 'upload_unsupported_type' };
    if (file.size > INVOICE_UPLOAD_LIMITS.maxBytes) return { file, rejection: 'upload_file_too_large' };
    return { file, rejection: null };
  });
}

/** "2.4 MB" style sizes for the file list. */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${intlFormatter(Intl.NumberFormat, locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
