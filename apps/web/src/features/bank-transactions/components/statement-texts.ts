import type { TFunction } from 'i18next';
import type { BankStatementView } from '@kontor/domain/banking/bank-transaction-api';
import type { Locale } from '@kontor/domain/auth';
import { formatDate } from '@/lib/format';
import { statementName, statementPeriod } from '../model/statement-check';

type Statement = Pick<
  BankStatementView,
  'sequenceNumber' | 'statementId' | 'fileName' | 'periodFrom' | 'periodTo' | 'openingBalance' | 'closingBalance'
>;

/** "Nr. 12", the bank's statement id, or the file name. */
export function statementLabel(t: TFunction<'bank-transactions'>, statement: Statement): string {
  const name = statementName(statement);
  if (!name) return t('statements.unnamed');
  return name.kind === 'number' ? t('statements.number', { number: name.value }) : name.value;
}

/** "01.03.2026 – 31.03.2026", with "?" for an end the statement does not give. */
export function statementPeriodText(t: TFunction<'bank-transactions'>, statement: Statement, locale: Locale): string {
  return t('statements.periodRange', statementPeriodDays(t, statement, locale));
}

/** The period's two ends as days, "?" for an end the statement does not give. */
export function statementPeriodDays(
  t: TFunction<'bank-transactions'>,
  statement: Statement,
  locale: Locale,
): { from: string; to: string } {
  const { from, to } = statementPeriod(statement);
  const day = (date: string | null) => (date ? formatDate(date, locale) : t('statements.unknownDate'));
  return { from: day(from), to: day(to) };
}
