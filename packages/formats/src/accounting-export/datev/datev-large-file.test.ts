import { describe, expect, it } from 'vitest';
import type { AccountingBooking } from '../booking';
import { BATCH_INFO, makeBooking } from '../test-bookings';
import { DATEV_BOOKING_COLUMNS } from './datev-columns';
import { datevHeaderLine, type DatevHeaderOptions } from './datev-header';
import { DATEV_MAX_BOOKINGS_PER_FILE } from './datev-rules';
import { datevBookingLine, writeDatevBookings } from './write-datev-bookings';

const OPTIONS: DatevHeaderOptions = {
  ...BATCH_INFO,
  consultantNumber: 1001,
  clientNumber: 1,
  fiscalYearStart: '2026-01-01',
  accountLength: 4,
  lockBookings: false,
  chart: null,
};

/** Bookings made one at a time, so neither the input nor the output is ever held whole. */
function* generatedBookings(count: number): Generator<AccountingBooking> {
  const template = makeBooking();
  for (let index = 0; index < count; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    yield {
      ...template,
      amount: (index % 99_999) + 1,
      documentDate: `2026-01-${day}`,
      bookingId: `b-${index}`,
      documentNumber: `RE-${index}`,
      text: index % 3 === 0 ? 'Büromaterial „Müller“ – €' : 'Wartung',
    };
  }
}

/** What the file must weigh, computed line by line apart from the writer (all characters are one byte in CP1252). */
function expectedBytes(count: number): number {
  let total = datevHeaderLine(OPTIONS).length + 2 + DATEV_BOOKING_COLUMNS.join(';').length + 2;
  const period = { from: OPTIONS.dateFrom, to: OPTIONS.dateTo };
  for (const booking of generatedBookings(count)) total += datevBookingLine(booking, period).length + 2;
  return total;
}

describe('writeDatevBookings on a large export', () => {
  it('streams the most bookings one file takes in many chunks, losing none', { timeout: 60_000 }, async () => {
    const count = DATEV_MAX_BOOKINGS_PER_FILE;
    let chunks = 0;
    let bytes = 0;
    let lineEnds = 0;
    let largestChunk = 0;
    for await (const chunk of writeDatevBookings(OPTIONS, generatedBookings(count))) {
      chunks += 1;
      bytes += chunk.length;
      largestChunk = Math.max(largestChunk, chunk.length);
      for (let at = chunk.indexOf('\r\n'); at >= 0; at = chunk.indexOf('\r\n', at + 2)) lineEnds += 1;
    }
    expect(chunks).toBeGreaterThan(100);
    expect(lineEnds).toBe(2 + count);
    expect(bytes).toBe(expectedBytes(count));
    // No chunk holds more than a small part of the file.
    expect(largestChunk).toBeLessThan(bytes / 100);
  });

  it('refuses the 100,000th booking of one file (DATEV would refuse the file)', { timeout: 60_000 }, async () => {
    let chunks = 0;
    const run = async () => {
      for await (const chunk of writeDatevBookings(OPTIONS, generatedBookings(100_000))) chunks += chunk.length > 0 ? 1 : 0;
    };
    await expect(run()).rejects.toThrow(/too_many_bookings/);
    expect(chunks).toBeGreaterThan(100);
  });
});
