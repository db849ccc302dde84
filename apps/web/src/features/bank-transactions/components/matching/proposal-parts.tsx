import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankMatchProposal, MatchLineView } from '@kontor/domain/banking/bank-transaction-api';
import { formatIban } from '@kontor/domain/iban';
import { formatDate, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { bankTransactionUrl } from '../../api/bank-transaction-keys';
import { TargetLink } from './match-texts';

type Allocation = BankMatchProposal['allocations'][number];

/** What a part would match (in the line's currency), and the skonto it settles. */
function AmountToMatch({ allocation, currency }: { allocation: Allocation; currency: string }) {
  const { t } = useTranslation('bank-transactions');
  return (
    <div className="grid justify-items-end gap-0.5 text-right">
      <span className="text-xs text-muted-foreground">{t('detail.proposals.amountToMatch')}</span>
      <span className="font-medium tabular-nums" data-testid="proposal-amount">
        {formatMoney(allocation.amount, currency)}
      </span>
      {allocation.writeOff > 0 ? (
        <span className="text-xs text-muted-foreground" data-testid="proposal-skonto">
          {t('detail.proposals.skonto', { amount: formatMoney(allocation.writeOff, currency) })}
        </span>
      ) : null}
    </div>
  );
}

const PART = 'flex flex-wrap items-start justify-between gap-x-4 gap-y-1';

/** On the bank transaction: the invoice (or payment) a part pays, with what is open of it and when it is due. */
export function ProposalTargetPart({ allocation, currency, slug }: { allocation: Allocation; currency: string; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const { target } = allocation;
  return (
    <li className={PART}>
      <div className="grid min-w-0 gap-0.5">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <TargetLink target={target} slug={slug} />
          {target.counterpartyName ? <span className="text-muted-foreground">{target.counterpartyName}</span> : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {t('detail.proposals.openOfTotal', {
            open: formatMoney(target.openAmount, target.currency),
            total: formatMoney(target.total, target.currency),
          })}
          {' · '}
          {target.dueDate
            ? t('detail.proposals.due', { date: formatDate(target.dueDate, currentLocale()) })
            : t('detail.proposals.noDueDate')}
        </p>
      </div>
      <AmountToMatch allocation={allocation} currency={currency} />
    </li>
  );
}

/** On the invoice: the bank line a part comes from (booking date, amount, counterparty, remittance), opening it. */
export function ProposalLinePart({ allocation, line, slug }: { allocation: Allocation; line: MatchLineView; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const date = formatDate(line.bookingDate, currentLocale());
  const amount = formatMoney(line.amount, line.currency);
  return (
    <li className={PART}>
      <div className="grid min-w-0 gap-0.5">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <Link
            to={bankTransactionUrl(slug, line.id)}
            className="font-medium text-primary hover:underline"
            data-testid="proposal-line"
          >
            {t('invoicePayments.proposals.line', { date })}
          </Link>
          {line.counterpartyName ? <span className="text-muted-foreground">{line.counterpartyName}</span> : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {line.openAmount < line.amount
            ? t('invoicePayments.proposals.lineOpenOfAmount', { open: formatMoney(line.openAmount, line.currency), amount })
            : t('invoicePayments.proposals.lineAmount', { amount })}
          {line.counterpartyIban ? ` · ${formatIban(line.counterpartyIban)}` : null}
        </p>
        {line.remittanceInformation ? (
          <p className="text-xs break-words text-muted-foreground" data-testid="proposal-remittance">
            {line.remittanceInformation}
          </p>
        ) : null}
      </div>
      <AmountToMatch allocation={allocation} currency={line.currency} />
    </li>
  );
}
