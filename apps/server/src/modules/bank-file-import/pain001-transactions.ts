import { randomUUID } from 'node:crypto';
import {
  END_TO_END_ID_MAX_LENGTH,
  isBic,
  isValidEndToEndId,
  MAX_AMOUNT_MINOR,
  REMITTANCE_MAX_LENGTH,
  SEPA_NAME_MAX_LENGTH,
} from '@kontor/domain';
import type { PainTransaction } from '@kontor/formats';
import type { OrgId, Tx } from '../../db/database';
import { transactions } from '../../db/schema';
import { analyseTransactionRows } from '../transactions/analysis/analyse-transactions';
import type { NewTransactionRow, TransactionRow } from '../transactions/transaction-rows';
import {
  detached,
  readerSkips,
  skippedProblem,
  warningProblem,
  type BatchOutcome,
  type ImportEntry,
  type Problem,
} from './import-entries';
import { findCounterpartiesByIban, type CompanyAccount } from './party-lookups';

export interface PainImportContext {
  importId: string;
  createdBy: string | null;
  /** The business day (Europe/Berlin) the job runs on: execution dates before it move to it. */
  today: string;
  companyAccounts: ReadonlyMap<string, CompanyAccount>;
}

/** A payment that will become a transaction once its counterparty (and so maybe its name) is known. */
interface Draft {
  entry: number;
  line: number;
  values: Omit<NewTransactionRow, 'creditorName'>;
  creditorName: string | null;
  warnings: Problem[];
}

export type PainConversion = { kind: 'draft'; draft: Draft } | { kind: 'skipped'; problem: Problem };

/** Rows per INSERT: about 30 columns each stays far below PostgreSQL's 65,535 parameters. */
const INSERT_ROWS = 500;

/** A new end-to-end id like the invoice ones: "TRX" and the 32 hex digits of a fresh UUID (35 characters). */
export function generatedEndToEndId(): string {
  return `TRX${randomUUID().replace(/-/g, '').toUpperCase()}`;
}

function cut(text: string | null, length: number): { text: string | null; isCut: boolean } {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return { text: null, isCut: false };
  return trimmed.length > length ? { text: trimmed.slice(0, length).trimEnd(), isCut: true } : { text: trimmed, isCut: false };
}

/**
 * One payment of a pain.001 as a transaction draft (issue 7 item 5), or the reason it is skipped.
 * Called as each payment arrives; the draft's texts are detached from the file's text.
 * Only EUR credit transfers to a valid IBAN with a positive amount become payments; dates in the
 * past move to today, over-long texts are cut, each with a warning.
 */
export function convertPainPayment(payment: PainTransaction, entry: number, context: PainImportContext): PainConversion {
  const line = payment.position.line;
  const skip = (code: string, params?: Problem['params']): PainConversion => ({
    kind: 'skipped',
    problem: skippedProblem(entry, line, code, params),
  });
  const { amount, creditor, paymentInfo } = payment;
  if (amount.currency !== 'EUR') return skip('not_eur', { currency: amount.currency, amount: amount.decimal });
  if (amount.minorUnits === null || amount.minorUnits <= 0 || amount.minorUnits > MAX_AMOUNT_MINOR) {
    return skip('invalid_amount', { amount: amount.decimal, currency: amount.currency });
  }
  if (!creditor.iban) return skip('invalid_iban', { amount: amount.decimal, currency: amount.currency });
  const debtor = paymentInfo.debtor;
  if (!debtor.iban) return skip('invalid_debitor_iban', { amount: amount.decimal, currency: amount.currency });
  const companyAccount = context.companyAccounts.get(debtor.iban);
  const debitorName = cut(debtor.name ?? companyAccount?.name ?? null, SEPA_NAME_MAX_LENGTH).text;
  if (!debitorName) return skip('missing_debitor_name', { amount: amount.decimal, currency: amount.currency });

  const warnings: Problem[] = [];
  const warn = (code: string, params?: Problem['params']) => warnings.push(warningProblem(entry, line, code, params));
  if (!companyAccount) warn('debitor_not_company_account', { iban: debtor.iban });
  let executionDate = paymentInfo.requestedExecutionDate;
  if (executionDate === null) {
    warn('execution_date_missing', { date: context.today });
    executionDate = context.today;
  } else if (executionDate < context.today) {
    warn('execution_date_moved', { from: executionDate, to: context.today });
    executionDate = context.today;
  }
  let endToEndId = payment.endToEndId;
  if (endToEndId !== null && !isValidEndToEndId(endToEndId)) {
    warn('end_to_end_id_replaced', { endToEndId: endToEndId.slice(0, END_TO_END_ID_MAX_LENGTH + 10) });
    endToEndId = null;
  }
  const remittance = cut(payment.remittance.unstructured ?? payment.remittance.creditorReference, REMITTANCE_MAX_LENGTH);
  if (remittance.isCut) warn('remittance_shortened', { remittance: remittance.text ?? '' });
  const creditorName = cut(creditor.name, SEPA_NAME_MAX_LENGTH);
  if (creditorName.isCut) warn('creditor_name_shortened', { name: creditorName.text ?? '' });
  const creditorBic = creditor.bic && isBic(creditor.bic.toUpperCase()) ? creditor.bic.toUpperCase() : null;
  const debitorBic = debtor.bic && isBic(debtor.bic.toUpperCase()) ? debtor.bic.toUpperCase() : (companyAccount?.bic ?? null);

  return {
    kind: 'draft',
    draft: {
      entry,
      line,
      creditorName: detached(creditorName.text),
      warnings,
      values: {
        status: 'open',
        origin: 'import',
        importId: context.importId,
        amount: amount.minorUnits,
        currency: 'EUR',
        requestedExecutionDate: detached(executionDate),
        endToEndId: endToEndId === null ? generatedEndToEndId() : detached(endToEndId),
        remittanceInformation: detached(remittance.text),
        debitorBankAccountId: companyAccount?.id ?? null,
        debitorName: detached(debitorName),
        debitorIban: detached(debtor.iban),
        debitorBic: detached(debitorBic),
        creditorIban: detached(creditor.iban),
        creditorBic: detached(creditorBic),
        createdBy: context.createdBy,
      },
    },
  };
}

/**
 * One batch of a pain.001 import: every usable payment becomes an open transaction (origin
 * import), linked to the counterparty that holds its IBAN, and is analysed with the others of
 * the batch (the fraud checks read facts set-based, so a batch costs a few statements).
 */
export async function storePainTransactionBatch(
  tx: Tx,
  orgId: OrgId,
  entries: readonly ImportEntry<PainConversion>[],
): Promise<BatchOutcome & { rows: TransactionRow[] }> {
  const problems: Problem[] = readerSkips(entries);
  const drafts: Draft[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'record') continue;
    const conversion = entry.record;
    if (conversion.kind === 'skipped') problems.push(conversion.problem);
    else drafts.push(conversion.draft);
  }
  const counterpartiesByIban = await findCounterpartiesByIban(
    tx,
    orgId,
    drafts.map((draft) => draft.values.creditorIban),
  );
  const values: NewTransactionRow[] = [];
  for (const draft of drafts) {
    const counterparty = counterpartiesByIban.get(draft.values.creditorIban);
    // Without a name in the file the counterparty's is the one the bank will show.
    const creditorName = draft.creditorName ?? counterparty?.name.slice(0, SEPA_NAME_MAX_LENGTH) ?? null;
    if (!creditorName) {
      problems.push(skippedProblem(draft.entry, draft.line, 'missing_creditor_name', { iban: draft.values.creditorIban }));
      continue;
    }
    problems.push(...draft.warnings);
    values.push({ ...draft.values, creditorName, counterpartyId: counterparty?.id ?? null });
  }
  const rows: TransactionRow[] = [];
  for (let start = 0; start < values.length; start += INSERT_ROWS) {
    const chunk = values.slice(start, start + INSERT_ROWS).map((value) => ({ ...value, organizationId: orgId }));
    rows.push(...(await tx.insert(transactions).values(chunk).returning()));
  }
  const analysed = await analyseTransactionRows(tx, orgId, rows);
  return { created: rows.length, skipped: entries.length - rows.length, problems, rows: analysed };
}
