import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { AccountingBooking } from '../booking';
import { BATCH_INFO, collectChunks, makeBooking } from '../test-bookings';
import { readRzlFile } from './read-rzl-file';
import { writeRzlBookings } from './write-rzl-bookings';

async function rzlText(bookings: Iterable<AccountingBooking>, clientNumber: string | null = '1234') {
  const { bytes, chunkCount } = await collectChunks(writeRzlBookings({ clientNumber, info: BATCH_INFO }, bookings));
  return { text: bytes.toString('utf8'), chunkCount };
}

describe('writeRzlBookings', () => {
  it('writes the header of the batch', async () => {
    const { text } = await rzlText([]);
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rzl-buchungsimport version="1.0"')).toBe(true);
    expect(XMLValidator.validate(text)).toBe(true);
    const file = readRzlFile(text);
    expect(file).toMatchObject({ version: '1.0', generatedBy: 'Kontor', createdAt: '2026-01-31T09:30:05.123Z' });
    expect(file.header).toEqual({ clientNumber: '1234', dateFrom: '2026-01-01', dateTo: '2026-01-31', currency: 'EUR' });
    expect(file.bookings).toEqual([]);
    expect(readRzlFile((await rzlText([], null)).text).header.clientNumber).toBeNull();
  });

  it('writes an invoice field by field, leaving out what has no value', async () => {
    const invoice = makeBooking({ costCenter1: 'KST1', dueDate: '2026-02-14', text: 'Müller & <Söhne> "Linz"' });
    const { text } = await rzlText([invoice]);
    expect(XMLValidator.validate(text)).toBe(true);
    expect(readRzlFile(text).bookings[0]).toEqual({
      belegnummer: 'RE-2026-001',
      belegdatum: '2026-01-15',
      buchungsart: 'ER',
      konto: '70001',
      gegenkonto: '4980',
      'soll-haben': 'H',
      betrag: '120.00',
      steuercode: '9',
      steuersatz: '20.00',
      steuerbetrag: '20.00',
      text: 'Müller & <Söhne> "Linz"',
      kostenstelle: 'KST1',
      faelligkeit: '2026-02-14',
      uid: 'ATU12345678',
    });
  });

  it('writes credit notes, payments and foreign currency', async () => {
    const bookings = [
      makeBooking({ kind: 'credit_note', side: 'debit', counterpartyVat: null }),
      makeBooking({ kind: 'payment', side: 'debit', taxKey: null, taxRate: null, taxAmount: null, discountAmount: 240 }),
      makeBooking({ currency: 'CHF', amount: 9_412, taxAmount: 1_569, exchangeRate: '0.9412', baseAmount: 10_000 }),
    ];
    const [credit, payment, foreign] = readRzlFile((await rzlText(bookings)).text).bookings;
    expect(credit).toMatchObject({ buchungsart: 'GU', 'soll-haben': 'S' });
    expect(credit).not.toHaveProperty('uid');
    expect(payment).toMatchObject({ buchungsart: 'ZA', skonto: '2.40' });
    expect(payment).not.toHaveProperty('steuersatz');
    expect(foreign).toMatchObject({
      betrag: '100.00',
      steuerbetrag: '16.67',
      waehrung: 'CHF',
      kurs: '0.9412',
      fremdwaehrungsbetrag: '94.12',
    });
  });

  it('drops characters XML cannot hold', async () => {
    const { text } = await rzlText([makeBooking({ text: 'a\u0001b\u0008c' })]);
    expect(XMLValidator.validate(text)).toBe(true);
    expect(readRzlFile(text).bookings[0]!.text).toBe('abc');
  });

  it('refuses a booking that breaks a hard rule', async () => {
    await expect(rzlText([makeBooking({ account: '' })])).rejects.toThrow(/account_missing/);
  });

  it('streams 20,000 bookings in many chunks', async () => {
    function* many() {
      for (let index = 0; index < 20_000; index += 1) yield makeBooking({ amount: index + 1, bookingId: `b-${index}` });
    }
    const { text, chunkCount } = await rzlText(many());
    expect(chunkCount).toBeGreaterThan(20);
    const file = readRzlFile(text);
    expect(file.bookings).toHaveLength(20_000);
    const cents = file.bookings.reduce((sum, booking) => sum + Math.round(Number(booking.betrag) * 100), 0);
    expect(cents).toBe((20_000 * 20_001) / 2);
  });
});
