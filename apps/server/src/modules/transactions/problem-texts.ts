import type { Locale, TransactionProblem } from '@kontor/domain';
import de from '@kontor/domain/locales/de/transaction-problems.json' with { type: 'json' };
import en from '@kontor/domain/locales/en/transaction-problems.json' with { type: 'json' };
import { intlFormatter } from '@kontor/domain/intl';

const texts: Record<Locale, Record<TransactionProblem, string>> = { de, en };

/** Why no payment could be created for an invoice, as one list in the caller's language (errors.json `{{problems}}`). */
export function transactionProblemList(problems: readonly TransactionProblem[], locale: Locale): string {
  const parts = problems.map((problem) => texts[locale][problem] ?? texts.en[problem] ?? problem);
  return intlFormatter(Intl.ListFormat, locale, { style: 'long', type: 'conjunction' }).format(parts);
}
