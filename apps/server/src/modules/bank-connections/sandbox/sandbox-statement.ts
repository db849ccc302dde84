import { createHash } from 'node:crypto';
import { addDaysIso, isoWeekday, maxIsoDate } from '@kontor/domain';
import { DEMO_SUPPLIERS } from '../../../db/seed/demo-master-data';
import type { ProviderTransaction } from '../provider';

/**
 * The sandbox bank's statements: generated, but the same every time for the same account and day
 * (each day's bookings come from a generator seeded by IBAN and date), so a sync that asks again
 * gets the same transactions with the same ids, and tomorrow adds a day without changing the past.
 */

/** An invoice of the connected organisation that the sandbox lets the account pay. */
export interface PayableInvoice {
  id: string;
  invoiceNumber: string;
  totalAmount: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** The invoice date, or its due date when it has one. */
  payableFrom: string | null;
  skontoAmount: number | null;
  skontoRate: number | null;
  skontoDate: string | null;
  createdOn: string;
}

export const SANDBOX_HISTORY_DAYS = 90;

/** A deterministic stream of numbers in [0, 1) from a text seed. */
function randomFrom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  // mulberry32: small, fast and good enough to vary demo data.
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const idOf = (iban: string, key: string) => `sbx-${createHash('sha256').update(`${iban}|${key}`).digest('hex').slice(0, 24)}`;

const CUSTOMERS = [
  { name: 'Hansen Maschinenbau GmbH', iban: 'DE75512108001245126199' },
  { name: 'Lindner Architekten PartG', iban: 'DE12500105170648489890' },
  { name: 'Stadtwerke Musterhausen', iban: 'DE02100100100006820101' },
  { name: 'Gruber & Partner OG', iban: 'AT611904300234573201' },
  { name: 'Vogel Medien KG', iban: 'DE82760100850123456789' },
];

const supplier = (name: string) => DEMO_SUPPLIERS.find((item) => item.name.startsWith(name)) ?? null;

interface Booking {
  key: string;
  amount: number;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittanceInformation: string;
}

/** The standing orders and direct debits of a business current account on `date`. */
function recurringBookings(date: string): Booking[] {
  const day = Number(date.slice(8, 10));
  const month = date.slice(0, 7);
  const bookings: Booking[] = [];
  const pay = (key: string, name: string, amount: number, text: string) => {
    const found = supplier(name);
    bookings.push({
      key,
      amount,
      counterpartyName: found?.name ?? name,
      counterpartyIban: found?.iban ?? null,
      remittanceInformation: text,
    });
  };
  if (day === 1) pay('rent', 'Hausverwaltung Becker', -245_000, `Miete Büro ${month} Objekt 12`);
  if (day === 5) pay('phone', 'Nordlicht Telekommunikation', -8_990, `Kd-Nr 4711-22 Rechnung ${month.replace('-', '')}`);
  if (day === 10) pay('cloud', 'CloudWerk Software', -24_900, `Abonnement CloudWerk Business ${month}`);
  if (day === 15) pay('cleaning', 'Badische Reinigungsdienste', -61_880, `Unterhaltsreinigung ${month}`);
  if (day === 28) {
    bookings.push({
      key: 'salaries',
      amount: -1_854_000,
      counterpartyName: 'Gehälter Sammelüberweisung',
      counterpartyIban: null,
      remittanceInformation: `Löhne und Gehälter ${month}`,
    });
  }
  return bookings;
}

/** Customer payments and card payments on a business day. */
function dailyBookings(iban: string, date: string): Booking[] {
  const random = randomFrom(`${iban}|${date}`);
  const bookings: Booking[] = [];
  const incoming = Math.floor(random() * 3);
  for (let index = 0; index < incoming; index += 1) {
    const customer = CUSTOMERS[Math.floor(random() * CUSTOMERS.length)]!;
    const number = 1000 + Math.floor(random() * 9000);
    bookings.push({
      key: `in-${index}`,
      amount: Math.round(20_000 + random() * 780_000),
      counterpartyName: customer.name,
      counterpartyIban: customer.iban,
      remittanceInformation: `AR-${date.slice(0, 4)}-${number} Zahlung`,
    });
  }
  if (random() < 0.3) {
    bookings.push({
      key: 'card',
      amount: -Math.round(1_500 + random() * 12_000),
      counterpartyName: random() < 0.5 ? 'Bürowelt Schneider Filiale 12' : 'Tankstelle Nord',
      counterpartyIban: null,
      remittanceInformation: `Kartenzahlung ${date} Karte 1`,
    });
  }
  return bookings;
}

/** A trading company's many small customer payments and card payments (the volume institution). */
function volumeBookings(iban: string, date: string, count: number): Booking[] {
  const random = randomFrom(`volume|${iban}|${date}`);
  const bookings: Booking[] = [];
  for (let index = 0; index < count; index += 1) {
    const customer = CUSTOMERS[Math.floor(random() * CUSTOMERS.length)]!;
    const incoming = random() < 0.6;
    bookings.push({
      key: `volume-${index}`,
      amount: incoming ? Math.round(1_000 + random() * 150_000) : -Math.round(500 + random() * 20_000),
      counterpartyName: incoming ? customer.name : 'Kartenumsatz Filiale',
      counterpartyIban: incoming ? customer.iban : null,
      remittanceInformation: incoming
        ? `AR-${date.slice(0, 4)}-${date.slice(5, 7)}${date.slice(8, 10)}-${String(index).padStart(3, '0')} Zahlung`
        : `Kartenzahlung ${date} Beleg ${String(index).padStart(4, '0')}`,
    });
  }
  return bookings;
}

/** About one invoice in four is paid only in half: decided by its number, so it stays so on every sync. */
export function paysInPart(invoiceNumber: string): boolean {
  return createHash('sha256').update(invoiceNumber).digest()[0]! % 4 === 0;
}

/** How the sandbox pays an invoice: with skonto when it offers one, sometimes only in part. */
function invoicePayment(invoice: PayableInvoice, today: string): Booking & { date: string } {
  const random = randomFrom(`invoice|${invoice.id}`);
  const payee = { counterpartyName: invoice.counterpartyName, counterpartyIban: invoice.counterpartyIban };
  // Paid after it arrived, never in the future: a new invoice is paid today, so the next sync sees it.
  const due = invoice.payableFrom ? addDaysIso(invoice.payableFrom, Math.floor(random() * 10)) : invoice.createdOn;
  const date = [maxIsoDate(due, invoice.createdOn), today].sort()[0]!;
  const skonto =
    invoice.skontoAmount ?? (invoice.skontoRate ? Math.round((invoice.totalAmount * invoice.skontoRate) / 10_000) : null);
  if (skonto !== null && skonto > 0) {
    const rate = invoice.skontoRate ? ` ${(invoice.skontoRate / 100).toLocaleString('de-DE')} %` : '';
    const skontoDate = invoice.skontoDate && invoice.skontoDate >= invoice.createdOn ? invoice.skontoDate : date;
    return {
      key: `invoice-${invoice.id}`,
      date: [skontoDate, today].sort()[0]!,
      amount: -(invoice.totalAmount - skonto),
      ...payee,
      remittanceInformation: `${invoice.invoiceNumber} abzgl.${rate} Skonto`,
    };
  }
  if (paysInPart(invoice.invoiceNumber)) {
    return {
      key: `invoice-${invoice.id}`,
      date,
      amount: -Math.round(invoice.totalAmount / 2),
      ...payee,
      remittanceInformation: `Teilzahlung ${invoice.invoiceNumber}`,
    };
  }
  return {
    key: `invoice-${invoice.id}`,
    date,
    amount: -invoice.totalAmount,
    ...payee,
    remittanceInformation: invoice.invoiceNumber,
  };
}

function toTransaction(iban: string, date: string, booking: Booking, currency: string): ProviderTransaction {
  return {
    id: idOf(iban, `${date}|${booking.key}`),
    bookingDate: date,
    valueDate: date,
    amount: booking.amount,
    currency,
    counterpartyName: booking.counterpartyName,
    counterpartyIban: booking.counterpartyIban,
    remittanceInformation: booking.remittanceInformation,
    endToEndId: booking.key.startsWith('invoice-') ? booking.remittanceInformation.slice(0, 35) : 'NOTPROVIDED',
  };
}

/**
 * The account's booked transactions from `since` to `today` (at most the last 90 days), newest
 * first. Account 0 is the business account (customers, standing orders, the invoices); account 1
 * a savings account with its monthly interest.
 */
export function sandboxTransactions(input: {
  iban: string;
  accountIndex: number;
  since: string;
  today: string;
  invoices: readonly PayableInvoice[];
  /** The institution's extra bookings a day on the business account. */
  bookingsPerDay?: number;
}): ProviderTransaction[] {
  const { iban, accountIndex, today } = input;
  const first = maxIsoDate(input.since, addDaysIso(today, -SANDBOX_HISTORY_DAYS));
  const result: ProviderTransaction[] = [];
  for (let date = first; date <= today; date = addDaysIso(date, 1)) {
    const bookings: Booking[] = [];
    if (accountIndex === 0) {
      bookings.push(...recurringBookings(date));
      if (isoWeekday(date) <= 5) bookings.push(...dailyBookings(iban, date));
      if (input.bookingsPerDay) bookings.push(...volumeBookings(iban, date, input.bookingsPerDay));
    } else if (date.endsWith('-01')) {
      bookings.push({
        key: 'interest',
        amount: 3_125,
        counterpartyName: null,
        counterpartyIban: null,
        remittanceInformation: 'Zinsgutschrift',
      });
    }
    result.push(...bookings.map((booking) => toTransaction(iban, date, booking, 'EUR')));
  }
  if (accountIndex === 0) {
    for (const invoice of input.invoices) {
      if (invoice.currency !== 'EUR') continue;
      const { date, ...booking } = invoicePayment(invoice, today);
      if (date >= first && date <= today) result.push(toTransaction(iban, date, booking, 'EUR'));
    }
  }
  return result.sort((a, b) =>
    a.bookingDate === b.bookingDate ? a.id.localeCompare(b.id) : b.bookingDate.localeCompare(a.bookingDate),
  );
}

/** The booked balance today: a fixed opening balance 90 days ago plus everything booked since. */
export function sandboxBalance(input: {
  iban: string;
  accountIndex: number;
  today: string;
  invoices: readonly PayableInvoice[];
  bookingsPerDay?: number;
}): number {
  const opening = Math.round((input.accountIndex === 0 ? 4_000_000 : 2_500_000) + randomFrom(input.iban)() * 6_000_000);
  const booked = sandboxTransactions({ ...input, since: addDaysIso(input.today, -SANDBOX_HISTORY_DAYS) });
  return booked.reduce((sum, transaction) => sum + transaction.amount, opening);
}
