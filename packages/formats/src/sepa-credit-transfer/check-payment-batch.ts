/**
 * Checks a payment batch against SEPA and Kontor rules and normalises it (IBAN/BIC in
 * electronic format, cents as bigint, text transliterated and cut). Collects every issue and
 * throws one SepaExportError, so the user sees all refused payments at once.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { PaymentBatch, SepaAccountParty } from './payment-batch';
import { MAX_SEPA_AMOUNT_CENTS, toCents } from './sepa-amount';
import { SepaExportError, type SepaIssue } from './sepa-export-error';
import { isSepaIdentifier, toSepaField } from '@kontor/domain';

/** SPEC §5/§9: remittance information shorter than 34 characters (SEPA itself allows 140). */
export const MAX_REMITTANCE_LENGTH = 33;
const NAME_MAX = 70;
const REMITTANCE_MAX = 140;

export interface CheckedParty {
  name: string;
  iban: string;
  bic: string | null;
}

export interface CheckedPayment {
  index: number;
  endToEndId: string;
  amountCents: bigint;
  requestedExecutionDate: string;
  debtor: CheckedParty;
  creditor: CheckedParty;
  remittanceInformation: string;
}

export interface CheckedBatch {
  messageId: string;
  createdAt: string;
  initiatingPartyName: string;
  payments: CheckedPayment[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** xs:dateTime as the ISO XSDs accept it: seconds required, optional fraction and zone. */
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

function isRealDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

function checkParty(
  party: SepaAccountParty,
  role: 'debtor' | 'creditor',
  report: (code: SepaIssue['code'], field: string, value?: string) => void,
): CheckedParty {
  const name = toSepaField(party.name ?? '', NAME_MAX);
  if (name === '') report('name-empty', `${role}.name`, party.name);
  const iban = electronicFormatIBAN(party.iban ?? '') ?? '';
  if (!isValidIBAN(iban)) report('iban-invalid', `${role}.iban`, party.iban);
  const rawBic = party.bic?.replace(/\s+/g, '').toUpperCase() ?? '';
  if (rawBic !== '' && !isValidBIC(rawBic)) report('bic-invalid', `${role}.bic`, party.bic ?? '');
  return { name, iban, bic: rawBic === '' ? null : rawBic };
}

export function checkPaymentBatch(batch: PaymentBatch): CheckedBatch {
  const issues: SepaIssue[] = [];
  if (!isSepaIdentifier(batch.messageId)) {
    issues.push({ code: 'message-id-invalid', field: 'messageId', value: batch.messageId });
  }
  if (!ISO_DATE_TIME.test(batch.createdAt) || !isRealDate(batch.createdAt.slice(0, 10))) {
    issues.push({ code: 'created-at-invalid', field: 'createdAt', value: batch.createdAt });
  }
  const initiatingPartyName = toSepaField(batch.initiatingPartyName, NAME_MAX);
  if (initiatingPartyName === '') {
    issues.push({ code: 'name-empty', field: 'initiatingPartyName', value: batch.initiatingPartyName });
  }
  if (batch.payments.length === 0) issues.push({ code: 'no-payments', field: 'payments' });

  const seenEndToEndIds = new Set<string>();
  const payments = batch.payments.map((payment, index): CheckedPayment => {
    const report = (code: SepaIssue['code'], field: string, value?: string): void => {
      issues.push({
        code,
        paymentIndex: index,
        endToEndId: payment.endToEndId,
        field,
        ...(value === undefined ? {} : { value }),
      });
    };
    if (payment.currency !== 'EUR') report('currency-not-eur', 'currency', payment.currency);
    if (!isSepaIdentifier(payment.endToEndId)) report('end-to-end-id-invalid', 'endToEndId', payment.endToEndId);
    else if (seenEndToEndIds.has(payment.endToEndId)) report('end-to-end-id-duplicate', 'endToEndId', payment.endToEndId);
    seenEndToEndIds.add(payment.endToEndId);

    const amountCents = toCents(payment.amountCents);
    if (amountCents === null || amountCents < 1n || amountCents > MAX_SEPA_AMOUNT_CENTS) {
      report('amount-invalid', 'amountCents', String(payment.amountCents));
    }
    if (!isRealDate(payment.requestedExecutionDate)) {
      report('execution-date-invalid', 'requestedExecutionDate', payment.requestedExecutionDate);
    }
    // The Kontor limit applies to what the user typed, before transliteration may lengthen it.
    const remittance = payment.remittanceInformation ?? '';
    // Counted in characters (code points), as the user sees them, not UTF-16 units.
    if ([...remittance].length > MAX_REMITTANCE_LENGTH) report('remittance-too-long', 'remittanceInformation', remittance);
    // Optional in SEPA: an empty result (nothing typed, or nothing representable) omits RmtInf.
    const remittanceInformation = toSepaField(remittance, REMITTANCE_MAX);

    return {
      index,
      endToEndId: payment.endToEndId,
      amountCents: amountCents ?? 0n,
      requestedExecutionDate: payment.requestedExecutionDate,
      debtor: checkParty(payment.debtor, 'debtor', report),
      creditor: checkParty(payment.creditor, 'creditor', report),
      remittanceInformation,
    };
  });

  if (issues.length > 0) throw new SepaExportError(issues);
  return { messageId: batch.messageId, createdAt: batch.createdAt, initiatingPartyName, payments };
}
