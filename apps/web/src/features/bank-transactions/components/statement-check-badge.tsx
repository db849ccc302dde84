import { CircleCheck, CircleQuestionMark, TriangleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BankStatementView } from '@kontor/domain/banking/bank-transaction-api';
import { Badge } from '@/components/ui/badge';
import { formatBalance } from '../model/amounts';
import { checkStatement } from '../model/statement-check';

/** Whether opening balance + credits − debits gives the closing balance: adds up, a flagged difference, or balances missing. */
export function StatementCheckBadge({ statement }: { statement: Pick<BankStatementView, 'difference' | 'currency'> }) {
  const { t } = useTranslation('bank-transactions');
  const check = checkStatement(statement);
  if (check.kind === 'addsUp') {
    return (
      <Badge tone="success" data-testid="statement-check" data-check="adds-up">
        <CircleCheck aria-hidden="true" className="size-3" />
        {t('statements.addsUp')}
      </Badge>
    );
  }
  if (check.kind === 'balancesMissing') {
    return (
      <Badge
        tone="neutral"
        title={t('statements.balancesMissingHint')}
        data-testid="statement-check"
        data-check="balances-missing"
      >
        <CircleQuestionMark aria-hidden="true" className="size-3" />
        {t('statements.balancesMissing')}
      </Badge>
    );
  }
  return (
    <Badge tone="warning" title={t('statements.differenceHint')} data-testid="statement-check" data-check="difference">
      <TriangleExclamationPoint aria-hidden="true" className="size-3" />
      {t('statements.difference', { amount: formatBalance(check.amount, statement.currency) })}
    </Badge>
  );
}
