import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download-file';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name the server sends beside the ASCII fallback', () => {
    const header = `attachment; filename="PR-7_Zahllauf_M_rz.xml"; filename*=UTF-8''PR-7%20Zahllauf%20M%C3%A4rz.xml`;
    expect(fileNameFromDisposition(header, 'fallback.xml')).toBe('PR-7 Zahllauf März.xml');
  });

  it('reads a plain quoted name', () => {
    expect(fileNameFromDisposition('attachment; filename="PR-7.xml"', 'fallback.xml')).toBe('PR-7.xml');
  });

  it('falls back without a header or a name in it', () => {
    expect(fileNameFromDisposition(null, 'PR-7.xml')).toBe('PR-7.xml');
    expect(fileNameFromDisposition('attachment', 'PR-7.xml')).toBe('PR-7.xml');
  });
});
