import type { BankStatementView } from '@kontor/domain/banking/bank-transaction-api';

/**
 * Whether a statement adds up: opening balance + credits − debits = closing balance. The server
 * sends the difference; 0 adds up, anything else is flagged, null means a balance is missing.
 */
export type StatementCheck = { kind: 'addsUp' } | { kind: 'difference'; amount: number } | { kind: 'balancesMissing' };

export function checkStatement(statement: Pick<BankStatementView, 'difference'>): StatementCheck {
  if (statement.difference === null) return { kind: 'balancesMissing' };
  if (statement.difference === 0) return { kind: 'addsUp' };
  return { kind: 'difference', amount: statement.difference };
}

/** The statement's period: its own from–to, else the dates of its balances. */
export function statementPeriod(
  statement: Pick<BankStatementView, 'periodFrom' | 'periodTo' | 'openingBalance' | 'closingBalance'>,
): { from: string | null; to: string | null } {
  return {
    from: statement.periodFrom ?? statement.openingBalance?.date ?? null,
    to: statement.periodTo ?? statement.closingBalance?.date ?? null,
  };
}

/** How a statement is named: the bank's sequence number, else its statement id, else the file. */
export function statementName(
  statement: Pick<BankStatementView, 'sequenceNumber' | 'statementId' | 'fileName'>,
): { kind: 'number' | 'id' | 'file'; value: string } | null {
  if (statement.sequenceNumber) return { kind: 'number', value: statement.sequenceNumber };
  if (statement.statementId) return { kind: 'id', value: statement.statementId };
  if (statement.fileName) return { kind: 'file', value: statement.fileName };
  return null;
}
