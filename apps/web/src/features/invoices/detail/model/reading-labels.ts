import {
  FORMAL_INVOICE_ITEMS,
  SURE_READING_CONFIDENCE,
  type FormalInvoiceItem,
  type ReadFieldMark,
  type ReadingKind,
} from '@kontor/domain/invoices/invoice-reading';

/** The locale key (under `reading.marks.`) that says how a form field was read. */
export type ReadMarkKey = 'xml' | 'textSure' | 'textUnsure' | 'ocrSure' | 'ocrUnsure';

export interface ReadMarkText {
  key: ReadMarkKey;
  /** Whole percent of the reader's confidence, for "92 % sure". */
  percent: number;
  /** At or above SURE_READING_CONFIDENCE: shown calm; below it the form asks to check. */
  isSure: boolean;
}

/**
 * How a read field is described next to its label: values from an e-invoice's XML are exact;
 * text and OCR readings say how sure they are, and below the threshold ask to check.
 */
export function describeReadMark(mark: ReadFieldMark): ReadMarkText {
  const percent = Math.round(Math.min(1, Math.max(0, mark.confidence)) * 100);
  if (mark.doubt) return { key: mark.source === 'ocr' ? 'ocrUnsure' : 'textUnsure', percent, isSure: false };
  if (mark.source === 'xml') return { key: 'xml', percent, isSure: true };
  const isSure = mark.confidence >= SURE_READING_CONFIDENCE;
  if (mark.source === 'text') return { key: isSure ? 'textSure' : 'textUnsure', percent, isSure };
  return { key: isSure ? 'ocrSure' : 'ocrUnsure', percent, isSure };
}

const FACTUR_X_LEVELS: Record<string, string> = {
  minimum: 'MINIMUM',
  basicwl: 'BASIC WL',
  basic: 'BASIC',
  en16931: 'EN 16931',
  extended: 'EXTENDED',
  comfort: 'COMFORT',
  xrechnung: 'XRECHNUNG',
};

/** The e-invoice standard and profile in the words people use ("XRechnung 3.0", "ZUGFeRD EN 16931"). */
export function describeEinvoiceProfile(kind: ReadingKind | null, profile: string | null): string | null {
  if (!profile) return null;
  const id = profile.trim().toLowerCase();
  const family = kind === 'einvoice-pdf' ? 'ZUGFeRD' : 'Factur-X';
  const xrechnung = /xrechnung[_-]?(\d+(?:\.\d+)*)?/.exec(id);
  if (xrechnung) {
    const version = xrechnung[1] ? ` ${xrechnung[1]}` : '';
    return kind === 'einvoice-pdf' ? `ZUGFeRD XRECHNUNG${version}` : `XRechnung${version}`;
  }
  // ZUGFeRD 1.0: urn:ferd:CrossIndustryDocument:invoice:1p0:comfort
  const ferd = /urn:ferd:crossindustrydocument:invoice:1p0:([a-z]+)/.exec(id);
  if (ferd?.[1]) return `ZUGFeRD 1.0 ${FACTUR_X_LEVELS[ferd[1]] ?? ferd[1].toUpperCase()}`;
  // Factur-X / ZUGFeRD 2.x: urn:factur-x.eu:1p0:basicwl, urn:zugferd.de:2p0:extended, or the
  // EN 16931 id with a profile after "#compliant#" / "#conformant#".
  const level = /(?:factur-x\.eu|zugferd\.de):[0-9p]+:([a-z0-9]+)/.exec(id);
  if (level?.[1]) return `${family} ${FACTUR_X_LEVELS[level[1]] ?? level[1].toUpperCase()}`;
  if (id.startsWith('urn:cen.eu:en16931')) return kind === 'einvoice-pdf' ? 'ZUGFeRD EN 16931' : 'EN 16931';
  if (id.includes('peppol')) return 'Peppol BIS Billing 3.0';
  return profile;
}

/** The §14 UStG items in the order of the law, for listing what a document lacks. */
export function sortFormalItems(items: readonly FormalInvoiceItem[]): FormalInvoiceItem[] {
  return FORMAL_INVOICE_ITEMS.filter((item) => items.includes(item));
}
