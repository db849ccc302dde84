import { Banknote, BanknoteCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BankMatchingStatus } from '@kontor/domain/banking/bank-transaction-api';
import { Badge } from '@/components/ui/badge';
import { MATCHING_STATUS_TONE } from '@/lib/bank-matching';

/**
 * A small mark beside the status of an invoice that bank lines paid (issue 62): fully or in part.
 * Nothing for an unmatched invoice, which keeps the table calm; the words are in its title and
 * for screen readers.
 */
export function BankMatchMark({ status }: { status: BankMatchingStatus }) {
  const { t } = useTranslation('invoices');
  if (status === 'not_matched') return null;
  const label = t(`table.bankMatch.${status}`);
  const Icon = status === 'fully_matched' ? BanknoteCheck : Banknote;
  return (
    <Badge
      tone={MATCHING_STATUS_TONE[status]}
      title={label}
      className="px-1.5"
      data-testid="bank-match-mark"
      data-status={status}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{label}</span>
    </Badge>
  );
}
