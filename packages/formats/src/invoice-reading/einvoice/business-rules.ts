/**
 * The cheap EN 16931 business rules, checked on the verbatim values: a document breaking them is
 * still read (unlike validate.ts, which refuses what makes the values meaningless), and each
 * broken rule becomes a warning the invoice shows. Sums are compared exactly, at a scale that
 * holds every amount as written, so "473" and "473.00" agree and nothing is rounded away;
 * EN 16931 allows no tolerance in BR-CO-10/13/15/16.
 */
import type { EInvoiceRuleWarning, EInvoiceRuleWarningCode } from '@kontor/domain';
import { scaleDecimal } from './amounts';
import type { RawInvoice, RawLine, RawParty } from './raw';

type Warn = (code: EInvoiceRuleWarningCode, rule: string, params?: EInvoiceRuleWarning['params']) => void;

/**
 * Profiles that carry no lines by design: Factur-X/ZUGFeRD 2.x MINIMUM and BASIC WL. They are
 * not EN 16931 documents, so BR-16/BR-26 don't apply to them.
 */
function linesOptional(profile: string | null): boolean {
  return isMinimum(profile) || (profile?.toLowerCase().includes('basicwl') ?? false);
}

function isMinimum(profile: string | null): boolean {
  return profile?.toLowerCase().includes('minimum') ?? false;
}

/** ZUGFeRD 1.0 BASIC lines have no price element at all (only quantity and line total). */
function pricesOptional(raw: RawInvoice): boolean {
  return raw.syntax === 'ZUGFeRD1' && /:basic$/i.test(raw.profile?.trim() ?? '');
}

function decimals(value: string): number {
  return /\.(\d*)$/.exec(value.trim())?.[1]?.length ?? 0;
}

/** Minor units at `scale` as a decimal string: 11900, 2 → "119.00". */
function formatUnits(units: number, scale: number): string {
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const sign = units < 0 ? '-' : '';
  return scale === 0 ? sign + digits : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * Checks stated = Σ terms (each added or subtracted). Absent optional terms count as zero; the
 * check is skipped when an amount is no decimal (validate.ts refuses those for the totals).
 */
function checkSum(warn: Warn, code: EInvoiceRuleWarningCode, rule: string, stated: string, terms: [string | null, 1 | -1][]) {
  const present = terms.filter((term): term is [string, 1 | -1] => term[0] !== null);
  const scale = Math.max(decimals(stated), ...present.map(([value]) => decimals(value)));
  const statedUnits = scaleDecimal(stated, scale);
  let computed = 0;
  for (const [value, sign] of present) {
    const units = scaleDecimal(value, scale);
    if (units === null) return;
    computed += sign * units;
  }
  if (statedUnits === null || !Number.isSafeInteger(computed) || statedUnits === computed) return;
  warn(code, rule, { stated: stated.trim(), computed: formatUnits(computed, scale) });
}

/**
 * ZUGFeRD 1.0 knows free-text positions: a line holding only a note, without product, price or
 * amount. They are no invoice lines in the EN 16931 sense, so BR-26 and BR-CO-10 skip them.
 */
function isTextLine(raw: RawInvoice, line: RawLine): boolean {
  return raw.syntax === 'ZUGFeRD1' && line.netPrice === null && line.lineTotal === null && !line.name && !line.description;
}

function checkLines(raw: RawInvoice, warn: Warn): void {
  if (linesOptional(raw.profile)) return;
  if (raw.lines.length === 0) warn('invoice_lines_missing', 'BR-16');
  const lines = raw.lines.map((line, index) => ({ line, number: index + 1 })).filter(({ line }) => !isTextLine(raw, line));
  if (!pricesOptional(raw)) {
    for (const { line, number } of lines) {
      if (line.netPrice === null) warn('line_net_price_missing', 'BR-26', { line: line.id ?? number });
    }
  }
  // BR-CO-10 needs every line amount; a missing one is a schema error, not a sum to compare.
  const amounts = lines.map(({ line }) => line.lineTotal);
  if (raw.lineTotal !== null && amounts.length > 0 && amounts.every((amount) => amount !== null)) {
    const terms = amounts.map((amount): [string | null, 1] => [amount, 1]);
    checkSum(warn, 'line_total_sum_mismatch', 'BR-CO-10', raw.lineTotal, terms);
  }
}

function checkTotals(raw: RawInvoice, warn: Warn): void {
  if (raw.taxBasisTotal !== null && raw.lineTotal !== null) {
    checkSum(warn, 'tax_basis_total_mismatch', 'BR-CO-13', raw.taxBasisTotal, [
      [raw.lineTotal, 1],
      [raw.allowanceTotal, -1],
      [raw.chargeTotal, 1],
    ]);
  }
  if (raw.grandTotal !== null && raw.taxBasisTotal !== null) {
    checkSum(warn, 'grand_total_mismatch', 'BR-CO-15', raw.grandTotal, [
      [raw.taxBasisTotal, 1],
      [raw.taxTotal, 1],
    ]);
  }
  // MINIMUM can state the amount due but not what was prepaid (BT-113), so BR-CO-16 can't hold.
  if (raw.amountDue !== null && raw.grandTotal !== null && !isMinimum(raw.profile)) {
    checkSum(warn, 'amount_due_mismatch', 'BR-CO-16', raw.amountDue, [
      [raw.grandTotal, 1],
      [raw.prepaid, -1],
      [raw.rounding, 1],
    ]);
  }
}

/** BR-8/BR-10 when there is no address at all, BR-9/BR-11 when it lacks only the country. */
function addressRule(party: RawParty, none: string, noCountry: string): string | null {
  if (party.countryCode) return null;
  return party.street || party.postalCode || party.city ? noCountry : none;
}

function checkParties(raw: RawInvoice, warn: Warn): void {
  if (!raw.seller.name) warn('seller_name_missing', 'BR-6');
  if (!raw.buyer.name) warn('buyer_name_missing', 'BR-7');
  // One code per party: an address without its country is as unusable as none.
  const seller = addressRule(raw.seller, 'BR-8', 'BR-9');
  if (seller) warn('seller_address_missing', seller);
  const buyer = addressRule(raw.buyer, 'BR-10', 'BR-11');
  if (buyer) warn('buyer_address_missing', buyer);
  if (raw.payee && !raw.payee.name) warn('payee_name_missing', 'BR-17');
}

/** The broken rules, in a stable order; never throws (a warning must not stop the reading). */
export function ruleWarnings(raw: RawInvoice): EInvoiceRuleWarning[] {
  const found: EInvoiceRuleWarning[] = [];
  const warn: Warn = (code, rule, params = {}) => found.push({ code, rule, params });
  try {
    checkLines(raw, warn);
    checkTotals(raw, warn);
    checkParties(raw, warn);
  } catch {
    // Unreachable by construction (no parsing that throws); kept so a future rule can't break reading.
  }
  return found;
}
