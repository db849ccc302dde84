import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankMatchView } from '@kontor/domain/banking/bank-transaction-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatMoney } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { MatchReasonList, TargetLink, targetLabel } from '../matching/match-texts';
import { UndoMatchDialog } from '../matching/undo-match-dialog';

/** What the line was matched with: each invoice or payment with its amount, skonto, origin and reasons, and "Undo match". */
export function MatchList({ matches, slug }: { matches: BankMatchView[]; slug: string }) {
  const { t } = useTranslation('bank-transactions');
  const locale = currentLocale();
  const [undoing, setUndoing] = useState<BankMatchView | null>(null);
  return (
    <>
      <ul aria-label={t('detail.matched.listLabel')} className="grid divide-y divide-border rounded-md border border-border">
        {matches.map((match) => {
          const currency = match.line.currency;
          return (
            <li key={match.id} className="grid gap-2 p-3 text-sm" data-testid="bank-match">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                  <TargetLink target={match.target} slug={slug} />
                  {match.target.counterpartyName ? (
                    <span className="text-muted-foreground">{match.target.counterpartyName}</span>
                  ) : null}
                </div>
                <span className="font-medium tabular-nums" data-testid="bank-match-amount">
                  {formatMoney(match.amount, currency)}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <Badge tone={match.origin === 'automatic' ? 'info' : 'neutral'} data-testid="bank-match-origin">
                  {t(`detail.matched.origin.${match.origin}`)}
                </Badge>
                {match.writeOff > 0 ? (
                  <span>{t('detail.matched.writeOff', { amount: formatMoney(match.writeOff, currency) })}</span>
                ) : null}
                <span>{t('detail.matched.matchedAt', { at: formatDateTime(match.createdAt, locale) })}</span>
              </div>
              <MatchReasonList
                reasons={match.reasons}
                currency={currency}
                targetKind={match.target.kind}
                label={t('detail.matched.reasons')}
              />
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setUndoing(match)}
                  aria-label={t('detail.matched.undoLabel', { target: targetLabel(t, match.target) })}
                >
                  <Undo2 aria-hidden="true" />
                  {t('detail.matched.undo')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <UndoMatchDialog
        match={undoing}
        targetText={undoing ? targetLabel(t, undoing.target) : ''}
        onClose={() => setUndoing(null)}
      />
    </>
  );
}
