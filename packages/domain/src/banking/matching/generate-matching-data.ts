/**
 * Deterministic test data for the matching engine: open invoices of many suppliers and bank lines
 * that pay them the ways payers do (reference as written or reformatted, by its digits, net of
 * skonto, several invoices at once, in parts, with a typo, from a new IBAN, without a reference),
 * payment-run payments found by their end-to-end id, and noise. Every line says what it really
 * pays and whether it should be matched automatically, so that a test or a benchmark can count
 * right and wrong matches. Used by the scale test and (at 100,000 × 100,000) by bench/.
 */
import type { LineProposals, MatchCandidate, MatchLine, MatchProposal } from './types';

/** How a generated line pays. The first five identify their invoice beyond doubt: automatic. */
export const GENERATED_LINE_KINDS = [
  'exact',
  'exact_digits',
  'skonto',
  'several_invoices',
  'payment_run',
  'typo',
  'partial',
  'skonto_late',
  'wrong_iban',
  'no_reference',
  'reversed_direction',
  'unknown_invoice',
  'noise',
] as const;
export type GeneratedLineKind = (typeof GENERATED_LINE_KINDS)[number];

const AUTOMATIC_KINDS: ReadonlySet<GeneratedLineKind> = new Set([
  'exact',
  'exact_digits',
  'skonto',
  'several_invoices',
  'payment_run',
]);

/** Shares of the line kinds (they add up to 1). */
const KIND_SHARES: readonly [GeneratedLineKind, number][] = [
  ['exact', 0.45],
  ['exact_digits', 0.05],
  ['skonto', 0.08],
  ['several_invoices', 0.04],
  ['payment_run', 0.08],
  ['typo', 0.05],
  ['partial', 0.05],
  ['skonto_late', 0.01],
  ['wrong_iban', 0.03],
  ['no_reference', 0.04],
  ['reversed_direction', 0.02],
  ['unknown_invoice', 0.02],
  ['noise', 0.08],
];

export interface LineExpectation {
  lineId: string;
  kind: GeneratedLineKind;
  /** What the line really pays (empty: nothing). */
  candidateIds: readonly string[];
  /** Whether the engine should apply it without a person. */
  automatic: boolean;
}

export interface GeneratedMatchingData {
  lines: MatchLine[];
  candidates: MatchCandidate[];
  expectations: LineExpectation[];
}

export interface GenerateOptions {
  lines: number;
  invoices: number;
  seed?: number;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A German IBAN with valid check digits, unique per number. */
function germanIban(number: number): string {
  const bban = `${String(10_000_000 + (number % 89_999_999)).padStart(8, '0')}${String(number).padStart(10, '0')}`;
  let remainder = 0;
  for (const digit of `${bban}131400`) remainder = (remainder * 10 + Number(digit)) % 97;
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const NAME_FIRST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Krause',
  'Meier',
  'Lehmann',
  'Straßer',
  'Gruber',
  'Huber',
  'Öztürk',
  'Lefèvre',
  'Nowak',
];
const NAME_TRADE = [
  'Bau',
  'Elektro',
  'Logistik',
  'Druck',
  'Software',
  'Gebäudereinigung',
  'Büromöbel',
  'Catering',
  'Consulting',
  'Metallbau',
  'Transporte',
  'Medien',
  'Sanitär',
  'IT-Service',
  'Verpackung',
  'Steuerberatung',
];
const LEGAL = ['GmbH', 'GmbH & Co. KG', 'AG', 'KG', 'e.K.', 'OHG', 'UG (haftungsbeschränkt)', 'GesmbH'];
const COMMON_AMOUNTS = [4_900, 9_900, 11_900, 19_900, 23_800, 49_900, 59_500, 119_000, 238_000, 29_900];

interface Supplier {
  index: number;
  name: string;
  ibans: string[];
  scheme: number;
  nextNumber: number;
  open: number[];
}

interface Invoice {
  position: number;
  candidate: MatchCandidate;
  supplier: Supplier;
  total: number;
  skontoAmount: number;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');
const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const DAY_2024 = Date.UTC(2024, 0, 1) / 86_400_000;

/** The invoice numbers suppliers use; several suppliers share a scheme, so numbers repeat across suppliers. */
function invoiceNumber(scheme: number, number: number, year: number): string {
  switch (scheme) {
    case 0:
      return `RE-${year}-${pad(number, 4)}`;
    case 1:
      return `INV${year}${pad(number, 5)}`;
    case 2:
      return String(100_000 + number);
    case 3:
      return `R${year}/${pad(number, 3)}`;
    case 4:
      return `AR-${pad(number, 6)}`;
    default:
      return `${year}-${pad(number, 5)}`;
  }
}

/** How a bank shows a supplier's name: upper case, umlauts spelt out, cut to 27 characters, or as it is. */
function bankName(name: string, rnd: () => number): string {
  const variant = Math.floor(rnd() * 4);
  if (variant === 0) return name;
  const spelt = name
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss');
  if (variant === 1) return spelt.toUpperCase();
  if (variant === 2) return spelt.slice(0, 27);
  return name.replace(/ (GmbH|AG|KG|OHG|e\.K\.).*$/, '');
}

/** How a payer writes a reference in the remittance text. */
function writeReference(reference: string, rnd: () => number): string {
  const compact = reference.replace(/[^A-Za-z0-9]/g, '');
  const spaced = reference.replace(/[^A-Za-z0-9]+/g, ' ');
  const date = `${pad(1 + Math.floor(rnd() * 28), 2)}.${pad(1 + Math.floor(rnd() * 12), 2)}.2024`;
  switch (Math.floor(rnd() * 8)) {
    case 0:
      return reference;
    case 1:
      return `Rechnung ${reference}`;
    case 2:
      return `Rg.Nr. ${reference} vom ${date} Kd-Nr. ${1000 + Math.floor(rnd() * 9000)}`;
    case 3:
      return spaced;
    case 4:
      return compact.toLowerCase();
    case 5:
      return `SVWZ+${reference} EREF+NOTPROVIDED`;
    case 6:
      return `/INV/${reference}/${date}`;
    default:
      return `Zahlung ${compact} Danke`;
  }
}

const TYPO_SWAPS: Record<string, string> = { '0': 'O', '1': 'l', '5': 'S', '8': 'B', O: '0', I: '1', l: '1', S: '5', B: '8' };

/** One typing error in a reference: a character wrong, missing, doubled, or two swapped. */
function withTypo(reference: string, rnd: () => number): string {
  const positions = [...reference].map((char, i) => (/[A-Za-z0-9]/.test(char) ? i : -1)).filter((i) => i >= 0);
  const at = positions[Math.floor(rnd() * positions.length)]!;
  const char = reference[at]!;
  switch (Math.floor(rnd() * 4)) {
    case 0: {
      const swapped = TYPO_SWAPS[char] ?? (/\d/.test(char) ? String((Number(char) + 1) % 10) : 'X');
      return reference.slice(0, at) + swapped + reference.slice(at + 1);
    }
    case 1:
      return reference.slice(0, at) + reference.slice(at + 1);
    case 2:
      return reference.slice(0, at) + char + reference.slice(at);
    default: {
      const next = positions.find((position) => position > at && reference[position] !== char);
      if (next === undefined || next !== at + 1) return reference.slice(0, at) + reference.slice(at + 1);
      return reference.slice(0, at) + reference[next] + char + reference.slice(next + 1);
    }
  }
}

const normalized = (reference: string) => reference.toUpperCase().replace(/[^A-Z0-9]/g, '');

const NOISE_TEXTS = [
  'Gehalt 03/2024 Personalnummer 40711',
  'Miete Büro April 2024',
  'Kartenzahlung 12.03.2024 REWE Markt 4711',
  'Lastschrift Telekom Kundennr 123456789',
  'Umbuchung Tagesgeld',
  'Kontoführungsgebühren Q1 2024',
  'Finanzamt Steuernummer 143/256/78901 USt 02/2024',
  'Erstattung Reisekosten Beleg 2024-118',
  'Spende Verein 2024',
];

export function generateMatchingData(options: GenerateOptions): GeneratedMatchingData {
  const rnd = random(options.seed ?? 62);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const int = (low: number, high: number) => low + Math.floor(rnd() * (high - low + 1));
  let ibanNumber = 1;

  // Suppliers of very different sizes: a few with hundreds of open invoices, most with a handful.
  const supplierCount = Math.max(20, Math.round(options.invoices / 20));
  const suppliers: Supplier[] = [];
  for (let index = 0; index < supplierCount; index += 1) {
    const ibans = [germanIban(ibanNumber++)];
    if (rnd() < 0.1) ibans.push(germanIban(ibanNumber++));
    suppliers.push({
      index,
      name: `${pick(NAME_FIRST)} ${pick(NAME_TRADE)} ${pick(LEGAL)}`,
      ibans,
      scheme: int(0, 5),
      // Many suppliers start at 1: their numbers repeat across suppliers.
      nextNumber: rnd() < 0.5 ? 1 : int(1, 5_000),
      open: [],
    });
  }
  const weights = suppliers.map(() => 1 / (1 + rnd() * 30) ** 1.5);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, weight) => (cumulative.push((sum + weight) / totalWeight), sum + weight), 0);
  const weightedSupplier = () => {
    const target = rnd();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return suppliers[lo]!;
  };

  const candidates: MatchCandidate[] = [];
  const invoices: Invoice[] = [];
  const references = new Set<string>();
  for (let i = 0; i < options.invoices; i += 1) {
    const supplier = weightedSupplier();
    const date = DAY_2024 + int(0, 330);
    const total = rnd() < 0.15 ? pick(COMMON_AMOUNTS) : int(1_000, 2_000_000);
    const reference = invoiceNumber(supplier.scheme, supplier.nextNumber++, 2024);
    references.add(normalized(reference));
    const hasSkonto = rnd() < 0.2;
    const skontoAmount = hasSkonto ? Math.max(1, Math.round((total * pick([200, 300])) / 10_000)) : 0;
    const candidate: MatchCandidate = {
      kind: 'invoice',
      id: `inv-${pad(i, 7)}`,
      reference,
      endToEndId: null,
      counterpartyName: supplier.name,
      ibans: supplier.ibans,
      direction: 'outgoing',
      openAmount: total,
      currency: rnd() < 0.03 ? 'USD' : 'EUR',
      date: isoDay(date),
      dueDate: isoDay(date + pick([14, 30, 60])),
      skonto: hasSkonto ? { amount: skontoAmount, until: isoDay(date + pick([10, 14])) } : null,
    };
    candidates.push(candidate);
    supplier.open.push(invoices.length);
    invoices.push({ position: invoices.length, candidate, supplier, total, skontoAmount });
  }
  // Suppliers are paid in random order of their invoices.
  for (const supplier of suppliers) {
    for (let i = supplier.open.length - 1; i > 0; i -= 1) {
      const j = Math.floor(rnd() * (i + 1));
      [supplier.open[i], supplier.open[j]] = [supplier.open[j]!, supplier.open[i]!];
    }
  }
  // Late in a run the big suppliers are paid up: then the next supplier with anything open, in turn.
  let cursor = 0;
  const takeInvoice = (supplier: Supplier = weightedSupplier()): Invoice | null => {
    for (let attempt = 0; attempt < 5 && supplier.open.length === 0; attempt += 1) supplier = weightedSupplier();
    for (let scanned = 0; supplier.open.length === 0 && scanned < suppliers.length; scanned += 1) {
      cursor = (cursor + 1) % suppliers.length;
      supplier = suppliers[cursor]!;
    }
    const index = supplier.open.pop();
    return index === undefined ? null : invoices[index]!;
  };

  const lines: MatchLine[] = [];
  const expectations: LineExpectation[] = [];
  const cumulativeShares: number[] = [];
  KIND_SHARES.reduce((sum, [, share]) => (cumulativeShares.push(sum + share), sum + share), 0);
  const pickKind = (): GeneratedLineKind => {
    const target = rnd();
    const at = cumulativeShares.findIndex((limit) => target < limit);
    return KIND_SHARES[at < 0 ? KIND_SHARES.length - 1 : at]![0];
  };
  const addLine = (line: Omit<MatchLine, 'id'>, kind: GeneratedLineKind, candidateIds: string[]) => {
    const id = `line-${pad(lines.length, 7)}`;
    lines.push({ id, ...line });
    expectations.push({ lineId: id, kind, candidateIds, automatic: AUTOMATIC_KINDS.has(kind) });
  };
  const booking = (invoice: Invoice, from = 0, to = 40) =>
    isoDay(Math.round(Date.parse(invoice.candidate.date!) / 86_400_000) + int(from, to));
  const base = (invoice: Invoice) => ({
    direction: 'outgoing' as const,
    currency: invoice.candidate.currency,
    counterpartyName: bankName(invoice.supplier.name, rnd),
    counterpartyIban: pick(invoice.supplier.ibans),
    endToEndId: rnd() < 0.5 ? 'NOTPROVIDED' : null,
  });
  let paymentNumber = 0;
  // Salaries, rent, card payments, taxes: amounts often common ones, texts with numbers in them.
  const noiseLine = (): Omit<MatchLine, 'id'> => ({
    direction: rnd() < 0.7 ? 'outgoing' : 'incoming',
    amount: rnd() < 0.3 ? pick(COMMON_AMOUNTS) : int(100, 500_000),
    currency: 'EUR',
    bookingDate: isoDay(DAY_2024 + int(0, 365)),
    counterpartyName: pick([
      'Finanzamt München',
      'Max Mustermann',
      'REWE Markt GmbH',
      'Telekom Deutschland GmbH',
      'Vermietung Huber',
    ]),
    counterpartyIban: germanIban(ibanNumber++),
    remittance: pick(NOISE_TEXTS),
    endToEndId: null,
  });

  while (lines.length < options.lines) {
    const kind = pickKind();
    if (kind === 'noise') {
      addLine(noiseLine(), kind, []);
      continue;
    }
    const invoice = takeInvoice();
    // Every invoice is paid: the rest of the lines are noise.
    if (invoice === null) {
      addLine(noiseLine(), 'noise', []);
      continue;
    }
    const { candidate, supplier } = invoice;
    const reference = candidate.reference!;
    switch (kind) {
      case 'exact':
        addLine(
          { ...base(invoice), amount: invoice.total, bookingDate: booking(invoice), remittance: writeReference(reference, rnd) },
          kind,
          [candidate.id],
        );
        break;
      case 'exact_digits': {
        const digits = reference.replace(/\D/g, '');
        addLine(
          { ...base(invoice), amount: invoice.total, bookingDate: booking(invoice), remittance: `Rechnung ${digits}` },
          digits.length >= 5 && digits !== normalized(reference) ? kind : 'exact',
          [candidate.id],
        );
        break;
      }
      case 'skonto':
      case 'skonto_late': {
        if (candidate.skonto === null) {
          addLine(
            {
              ...base(invoice),
              amount: invoice.total,
              bookingDate: booking(invoice),
              remittance: writeReference(reference, rnd),
            },
            'exact',
            [candidate.id],
          );
          break;
        }
        const until = Math.round(Date.parse(candidate.skonto.until!) / 86_400_000);
        const day = kind === 'skonto' ? until - int(0, 8) : until + int(3, 20);
        addLine(
          {
            ...base(invoice),
            amount: invoice.total - invoice.skontoAmount,
            bookingDate: isoDay(day),
            remittance: writeReference(reference, rnd),
          },
          kind,
          [candidate.id],
        );
        break;
      }
      case 'several_invoices': {
        const more: Invoice[] = [];
        for (let count = int(1, 2); count > 0; count -= 1) {
          const next = takeInvoice(supplier);
          if (next !== null && next.supplier === supplier && next.candidate.currency === candidate.currency) more.push(next);
          else if (next !== null) next.supplier.open.push(next.position);
        }
        // Paid together after the latest of them; one whose due date is long past goes back to the open ones.
        const dayOf = (entry: Invoice, field: 'date' | 'dueDate') => Math.round(Date.parse(entry.candidate[field]!) / 86_400_000);
        const bookingDay = Math.max(...[invoice, ...more].map((entry) => dayOf(entry, 'date'))) + int(0, 10);
        const paid = [invoice, ...more].filter((entry) => dayOf(entry, 'dueDate') + 60 >= bookingDay);
        for (const entry of [invoice, ...more]) if (!paid.includes(entry)) entry.supplier.open.unshift(entry.position);
        if (paid.length === 0) continue;
        const amount = paid.reduce((sum, entry) => sum + entry.total, 0);
        const text = paid.map((entry) => entry.candidate.reference!).join(pick([', ', ' ', '/', '; ']));
        addLine(
          { ...base(invoice), amount, bookingDate: isoDay(bookingDay), remittance: `Rechnungen ${text}` },
          paid.length > 1 ? kind : 'exact',
          paid.map((entry) => entry.candidate.id),
        );
        break;
      }
      case 'payment_run': {
        paymentNumber += 1;
        const endToEndId = `KONTOR-${pad(Math.floor(paymentNumber / 50), 5)}-${pad(paymentNumber, 7)}`;
        const executionDay = Math.round(Date.parse(candidate.date!) / 86_400_000) + int(5, 30);
        const payment: MatchCandidate = {
          kind: 'payment',
          id: `pay-${pad(paymentNumber, 7)}`,
          reference: endToEndId,
          endToEndId,
          counterpartyName: supplier.name,
          ibans: [supplier.ibans[0]!],
          direction: 'outgoing',
          openAmount: invoice.total,
          currency: candidate.currency,
          date: isoDay(executionDay),
          dueDate: null,
          skonto: null,
        };
        candidates.push(payment);
        // The bank reports our end-to-end id; the remittance is the invoice number our export wrote.
        addLine(
          {
            ...base(invoice),
            counterpartyIban: supplier.ibans[0]!,
            amount: invoice.total,
            bookingDate: isoDay(executionDay + int(0, 1)),
            remittance: reference,
            endToEndId,
          },
          kind,
          [payment.id],
        );
        break;
      }
      case 'typo': {
        let typo = withTypo(reference, rnd);
        for (let attempt = 0; attempt < 5 && references.has(normalized(typo)); attempt += 1) typo = withTypo(reference, rnd);
        if (references.has(normalized(typo)) || normalized(typo).length < 6) typo = reference;
        addLine(
          { ...base(invoice), amount: invoice.total, bookingDate: booking(invoice), remittance: `Rechnung ${typo}` },
          typo === reference ? 'exact' : kind,
          [candidate.id],
        );
        break;
      }
      case 'partial': {
        const first = Math.max(1, Math.round(invoice.total * (0.3 + rnd() * 0.4)));
        if (first >= invoice.total) {
          addLine(
            {
              ...base(invoice),
              amount: invoice.total,
              bookingDate: booking(invoice),
              remittance: writeReference(reference, rnd),
            },
            'exact',
            [candidate.id],
          );
          break;
        }
        addLine(
          { ...base(invoice), amount: first, bookingDate: booking(invoice, 0, 20), remittance: `Teilzahlung ${reference}` },
          kind,
          [candidate.id],
        );
        // Half of the time the rest follows in a second line.
        if (rnd() < 0.5) {
          addLine(
            {
              ...base(invoice),
              amount: invoice.total - first,
              bookingDate: booking(invoice, 21, 50),
              remittance: `Rest ${reference}`,
            },
            kind,
            [candidate.id],
          );
        }
        break;
      }
      case 'wrong_iban':
        addLine(
          {
            ...base(invoice),
            counterpartyIban: germanIban(ibanNumber++),
            amount: invoice.total,
            bookingDate: booking(invoice),
            remittance: writeReference(reference, rnd),
          },
          kind,
          [candidate.id],
        );
        break;
      case 'no_reference':
        addLine(
          {
            ...base(invoice),
            amount: invoice.total,
            bookingDate: booking(invoice),
            remittance: pick(['Zahlung', 'Danke', `Kd-Nr. ${int(10_000, 99_999)}`, null]),
          },
          kind,
          [candidate.id],
        );
        break;
      case 'unknown_invoice': {
        // Pays an invoice of the supplier that is not among the open ones (not captured yet), with
        // the amount of one that is: its number must not be mistaken for that one's.
        const number = invoiceNumber(supplier.scheme, supplier.nextNumber++, 2024);
        addLine(
          { ...base(invoice), amount: invoice.total, bookingDate: booking(invoice), remittance: writeReference(number, rnd) },
          kind,
          [],
        );
        supplier.open.unshift(invoice.position);
        break;
      }
      case 'reversed_direction':
        // A supplier's refund naming an invoice of ours: incoming, so never that AP invoice.
        addLine(
          {
            ...base(invoice),
            direction: 'incoming',
            amount: invoice.total,
            bookingDate: booking(invoice),
            remittance: `Gutschrift zu ${reference}`,
          },
          kind,
          [],
        );
        // The invoice was not paid: it goes back to the open ones.
        supplier.open.unshift(invoice.position);
        break;
    }
  }
  return { lines, candidates, expectations };
}

/** What a run of the engine got right and wrong on generated data. */
export interface MatchingEvaluation {
  /** Lines that should be applied automatically. */
  automaticExpected: number;
  /** …of which were, to exactly what they pay. */
  automaticRight: number;
  /** Automatic matches to anything but what the line pays (including lines that pay nothing). */
  automaticWrong: number;
  /** Right automatic matches of lines a person was expected to confirm (e.g. a typo that its digits still identify). */
  automaticUnexpected: number;
  /** Lines that pay something but are not automatic: those whose proposals include the right one, per kind. */
  proposedRight: Record<string, { lines: number; proposed: number }>;
}

export function evaluateMatching(
  data: Pick<GeneratedMatchingData, 'expectations'>,
  proposals: readonly LineProposals[],
  automatic: readonly MatchProposal[],
): MatchingEvaluation {
  const sameSet = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && [...a].sort().join() === [...b].sort().join();
  const automaticByLine = new Map<string, string[]>();
  for (const proposal of automatic) {
    for (const allocation of proposal.allocations) {
      const list = automaticByLine.get(allocation.lineId) ?? [];
      list.push(allocation.candidateId);
      automaticByLine.set(allocation.lineId, list);
    }
  }
  const proposalsByLine = new Map(proposals.map((entry) => [entry.lineId, entry.proposals]));
  const result: MatchingEvaluation = {
    automaticExpected: 0,
    automaticRight: 0,
    automaticWrong: 0,
    automaticUnexpected: 0,
    proposedRight: {},
  };
  for (const expectation of data.expectations) {
    const matched = automaticByLine.get(expectation.lineId);
    const right = matched !== undefined && sameSet(matched, expectation.candidateIds);
    if (expectation.automatic) result.automaticExpected += 1;
    if (matched !== undefined) {
      if (!right) result.automaticWrong += 1;
      else if (expectation.automatic) result.automaticRight += 1;
      else result.automaticUnexpected += 1;
    }
    if (!expectation.automatic && expectation.candidateIds.length > 0) {
      const entry = (result.proposedRight[expectation.kind] ??= { lines: 0, proposed: 0 });
      entry.lines += 1;
      const found = (proposalsByLine.get(expectation.lineId) ?? []).some((proposal) =>
        proposal.allocations.some(
          (allocation) => allocation.lineId === expectation.lineId && expectation.candidateIds.includes(allocation.candidateId),
        ),
      );
      if (found) entry.proposed += 1;
    }
  }
  return result;
}
