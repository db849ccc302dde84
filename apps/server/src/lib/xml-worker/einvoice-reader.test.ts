import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isReadingError } from '@kontor/formats';
import { EInvoiceXmlReader } from './einvoice-reader';

const FIXTURE = path.join(
  process.env.KONTOR_FIXTURES ?? path.resolve(import.meta.dirname, '../../../../../../shared/fixtures'),
  'einvoice/zugferd-corpus/XML-Rechnung/CII/EN16931_Einfach.cii.xml',
);

describe('reading e-invoice XML in a worker thread', () => {
  const reader = new EInvoiceXmlReader();
  afterAll(() => reader.close());

  it('answers the reading, and a reading error as a ReadingError with its code', async () => {
    const invoice = await reader.read(new Uint8Array(readFileSync(FIXTURE)));
    expect(invoice).toMatchObject({ kind: 'einvoice-xml', invoiceNumber: { value: '471102' }, totalAmount: { value: 52987 } });
    const refused = await reader.read(new TextEncoder().encode('<?xml version="1.0"?><rss/>')).catch((error: unknown) => error);
    expect(isReadingError(refused)).toBe(true);
    expect((refused as { code: string }).code).toBe('not_an_einvoice');
  });

  it('keeps the event loop free while a large file is read', async () => {
    const base = readFileSync(FIXTURE, 'utf8');
    const big = base.replace(
      '<ram:IncludedNote>',
      `<ram:IncludedNote><ram:Content>${'x'.repeat(18_000_000)}</ram:Content></ram:IncludedNote><ram:IncludedNote>`,
    );
    const started = performance.now();
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const reading = reader.read(new TextEncoder().encode(big));
    await reading.catch(() => undefined);
    clearInterval(timer);
    const elapsed = performance.now() - started;
    // The loop went on ticking while the worker parsed: at least a third of the 5 ms slots came.
    expect(ticks).toBeGreaterThan(elapsed / 5 / 3);
  });
});
