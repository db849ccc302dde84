/**
 * Test and benchmark support (not exported from the package): draws a German invoice as an A4
 * page image with @napi-rs/canvas (a dev dependency), so OCR can be checked without shipping
 * scans. The fields are known, so tests compare what OCR + reading return against them.
 */
import { existsSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

export interface SampleVariant {
  dpi?: number;
  font?: 'sans' | 'serif' | 'mono';
  /** Slight rotation in degrees, as from a scanner feed. */
  skew?: number;
  /** Grey speckles per 100 000 pixels, as from a dirty scan. */
  noise?: number;
}

export const SAMPLE_FIELDS = {
  seller: 'Nordlicht Bürobedarf GmbH',
  invoiceNumber: 'RE-2026-00417',
  date: '2026-11-21',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  vatId: 'DE123456789',
  netAmount: 124850,
  taxAmount: 23722,
  totalAmount: 148572,
  taxRate: 1900,
  dueDate: '2026-12-05',
} as const;

const FONTS: Record<NonNullable<SampleVariant['font']>, string> = {
  sans: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  serif: '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf',
  mono: '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
};

/** Registers a DejaVu font; returns the family to use, or null when the machine has none. */
function family(font: NonNullable<SampleVariant['font']>): string | null {
  const file = FONTS[font];
  if (!existsSync(file)) return GlobalFonts.families.length > 0 ? (GlobalFonts.families[0]?.family ?? null) : null;
  const name = `Sample-${font}`;
  if (!GlobalFonts.has(name)) GlobalFonts.registerFromPath(file, name);
  return name;
}

export function fontsAvailable(): boolean {
  return family('sans') !== null;
}

export function renderSampleInvoice(variant: SampleVariant = {}): Uint8Array {
  const dpi = variant.dpi ?? 300;
  const mm = dpi / 25.4;
  const [w, h] = [Math.round(210 * mm), Math.round(297 * mm)];
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  if (variant.skew) {
    ctx.translate(w / 2, h / 2);
    ctx.rotate((variant.skew * Math.PI) / 180);
    ctx.translate(-w / 2, -h / 2);
  }
  const fam = family(variant.font ?? 'sans') ?? 'sans-serif';
  const pt = (size: number) => Math.round((size * dpi) / 72);
  const text = (s: string, xMm: number, yMm: number, size = 10, bold = false, align: 'left' | 'right' = 'left') => {
    ctx.font = `${bold ? 'bold ' : ''}${pt(size)}px ${fam}`;
    ctx.textAlign = align;
    ctx.fillStyle = '#111';
    ctx.fillText(s, xMm * mm, yMm * mm);
  };
  text(SAMPLE_FIELDS.seller, 20, 25, 16, true);
  text('Hafenstraße 12 · 20457 Hamburg · Tel. 040 123456', 20, 32, 9);
  text('Nordlicht Bürobedarf GmbH · Hafenstraße 12 · 20457 Hamburg', 20, 50, 7);
  text('Kanzlei Berger & Partner', 20, 58, 11);
  text('Lindenallee 5', 20, 64, 11);
  text('80331 München', 20, 70, 11);
  text('Rechnung', 20, 100, 16, true);
  const rows: [string, string][] = [
    ['Rechnungsnummer:', SAMPLE_FIELDS.invoiceNumber],
    ['Rechnungsdatum:', '21.11.2026'],
    ['Leistungszeitraum:', '01.10.2026 – 31.10.2026'],
    ['Ihre Bestellung:', 'PO-88213'],
  ];
  rows.forEach(([label, value], i) => {
    text(label, 120, 50 + i * 7, 10);
    text(value, 160, 50 + i * 7, 10);
  });
  text('Pos.   Beschreibung', 20, 115, 10, true);
  text('Betrag', 190, 115, 10, true, 'right');
  const items: [string, string][] = [
    ['1   Kopierpapier A4, 80 g, 50 Kartons', '649,50 €'],
    ['2   Toner schwarz, 12 Stück', '599,00 €'],
  ];
  items.forEach(([d, a], i) => {
    text(d, 20, 123 + i * 7, 10);
    text(a, 190, 123 + i * 7, 10, false, 'right');
  });
  const totals: [string, string, boolean][] = [
    ['Nettobetrag', '1.248,50 €', false],
    ['MwSt 19 %', '237,22 €', false],
    ['Gesamtbetrag', '1.485,72 €', true],
  ];
  totals.forEach(([label, value, bold], i) => {
    text(label, 120, 150 + i * 7, 10, bold);
    text(value, 190, 150 + i * 7, 10, bold, 'right');
  });
  text('Zahlbar bis 05.12.2026 ohne Abzug. Bei Zahlung innerhalb von 7 Tagen 2 % Skonto.', 20, 180, 10);
  text('Nordlicht Bürobedarf GmbH · Geschäftsführer: Jan Petersen · Amtsgericht Hamburg HRB 123456', 20, 270, 7);
  text('IBAN: DE89 3704 0044 0532 0130 00 · BIC: COBADEFFXXX · USt-IdNr.: DE123456789', 20, 275, 7);
  if (variant.noise) {
    // Deterministic speckles (a fixed linear congruential sequence), so runs are comparable.
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    ctx.fillStyle = '#777';
    const count = Math.round((w * h * variant.noise) / 100_000);
    for (let i = 0; i < count; i++) ctx.fillRect(next() * w, next() * h, 2, 2);
  }
  return new Uint8Array(canvas.toBuffer('image/png'));
}
