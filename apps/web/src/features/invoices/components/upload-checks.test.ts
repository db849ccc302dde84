import { describe, expect, it } from 'vitest';
import { INVOICE_UPLOAD_LIMITS } from '@kontor/domain/invoices/invoice-constants';
import { ACCEPT_ATTRIBUTE, checkUploadFiles, formatFileSize, hasAcceptedType } from './upload-checks';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });
const MB = 1024 * 1024;

describe('checkUploadFiles', () => {
  it('accepts PDFs and images up to 20 MB', () => {
    const checked = checkUploadFiles([file('a.pdf', 20 * MB), file('b.PNG'), file('c.jpeg'), file('d.tiff'), file('e.webp')]);
    expect(checked.map((entry) => entry.rejection)).toEqual([null, null, null, null, null]);
  });

  it('refuses files over 20 MB', () => {
    expect(checkUploadFiles([file('big.pdf', 20 * MB + 1)])[0]?.rejection).toBe('upload_file_too_large');
  });

  it('refuses other types by name and MIME type', () => {
    expect(checkUploadFiles([file('setup.exe', 10, 'application/x-msdownload')])[0]?.rejection).toBe('upload_unsupported_type');
    expect(checkUploadFiles([file('notes.docx')])[0]?.rejection).toBe('upload_unsupported_type');
  });

  it('refuses everything past 20 files, counting those already queued', () => {
    const files = Array.from({ length: 21 }, (_, index) => file(`${index}.pdf`));
    const checked = checkUploadFiles(files);
    expect(checked.filter((entry) => entry.rejection === null)).toHaveLength(INVOICE_UPLOAD_LIMITS.maxFiles);
    expect(checked[20]?.rejection).toBe('upload_too_many_files');
    expect(checkUploadFiles([file('x.pdf'), file('y.pdf')], 19).map((entry) => entry.rejection)).toEqual([
      null,
      'upload_too_many_files',
    ]);
  });
});

describe('XML e-invoices', () => {
  it('accepts XRechnung files by extension or XML MIME type', () => {
    expect(hasAcceptedType(file('xrechnung.XML'))).toBe(true);
    expect(hasAcceptedType(file('invoice', 1, 'application/xml'))).toBe(true);
    expect(hasAcceptedType(file('invoice', 1, 'text/xml'))).toBe(true);
  });

  it('lets the file picker offer them', () => {
    expect(ACCEPT_ATTRIBUTE.split(',')).toEqual(expect.arrayContaining(['.xml', 'application/xml', 'text/xml', '.pdf']));
  });
});

describe('hasAcceptedType', () => {
  it('takes a known MIME type when the name has no extension', () => {
    expect(hasAcceptedType(file('scan', 1, 'image/png'))).toBe(true);
    expect(hasAcceptedType(file('scan', 1, 'text/plain'))).toBe(false);
  });
});

describe('formatFileSize', () => {
  it('shows bytes, kilobytes and megabytes', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(5 * MB, 'de')).toBe('5 MB');
  });
});
