import { RefreshCw, ShieldCheck, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_TRANSITIONS, isNote } from '@kontor/domain/payments/transaction-analysis';
import { transactionAnalysisDecisionBodySchema, type Transaction } from '@kontor/domain/payments/transaction-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { flagText } from '../../model/flag-text';
import { AnalysisBadge } from '../transaction-badges';
import { ReasonDialog } from '@/components/reason-dialog';
import { useTransactionAction } from './use-transaction-action';

type Decision = 'mark_ok' | 'mark_not_ok';
const SEVERITY_TONE = { note: 'neutral', warning: 'warning', suspicious: 'danger', blocked: 'danger' } as const;

/** The fraud analysis (issue 7 item 6): state, every flag with its reason, mark OK / not OK with a note, check again. */
export function AnalysisPanel({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('transactions');
  const locale = currentLocale();
  const { analysis } = transaction;
  const { run, isPending, pendingKind } = useTransactionAction(transaction);
  const [decision, setDecision] = useState<Decision | null>(null);
  const allowed = ANALYSIS_TRANSITIONS[analysis.status];
  // Notes (a first payment to a supplier's own account) are listed apart: they ask for nothing.
  const warnings = analysis.flags.filter((flag) => !isNote(flag));
  const notes = analysis.flags.filter(isNote);

  return (
    <section
      className="grid gap-3 rounded-lg border border-border p-4"
      aria-labelledby="analysis-title"
      data-testid="analysis-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="analysis-title" className="text-sm font-semibold">
          {t('analysis.title')}
        </h3>
        <AnalysisBadge status={analysis.status} flagCount={warnings.length} />
      </div>
      {analysis.status === 'not_verified' && analysis.flags.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('analysis.notAnalysed')}</p>
      ) : warnings.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('analysis.noFlags')}</p>
      ) : (
        <ul className="grid gap-2" data-testid="analysis-flags">
          {warnings.map((flag) => (
            <li key={flag.code} className="flex items-start gap-2 text-sm" data-testid={`flag-${flag.code}`}>
              <Badge tone={SEVERITY_TONE[flag.severity]}>{t(`analysis.severity.${flag.severity}`)}</Badge>
              <span>{flagText(t, flag, locale)}</span>
            </li>
          ))}
        </ul>
      )}
      {notes.length > 0 ? (
        <div className="grid gap-1" data-testid="analysis-notes">
          <h4 className="text-xs font-medium text-muted-foreground">{t('analysis.notesTitle', { count: notes.length })}</h4>
          <ul className="grid gap-1">
            {notes.map((flag) => (
              <li key={flag.code} className="text-sm text-muted-foreground" data-testid={`flag-${flag.code}`}>
                {flagText(t, flag, locale)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {analysis.analysedAt ? (
        <p className="text-xs text-muted-foreground">
          {t('analysis.analysedAt', { at: formatDateTime(analysis.analysedAt, locale) })}
        </p>
      ) : null}
      {analysis.note && analysis.decidedAt && (analysis.status === 'marked_ok' || analysis.status === 'not_ok') ? (
        <p className="text-sm" data-testid="analysis-decision">
          {t('analysis.decidedBy', {
            decision: t(`analysisStatus.${analysis.status}`),
            name: analysis.decidedByName ?? '—',
            at: formatDateTime(analysis.decidedAt, locale),
            note: analysis.note,
          })}
        </p>
      ) : null}
      {analysis.status === 'blocked' ? <p className="text-xs text-danger">{t('analysis.blockedHint')}</p> : null}
      <div className="flex flex-wrap gap-2">
        {allowed.mark_ok ? (
          <Button size="sm" variant="outline" onClick={() => setDecision('mark_ok')}>
            <ShieldCheck aria-hidden="true" />
            {t('analysis.markOk')}
          </Button>
        ) : null}
        {allowed.mark_not_ok ? (
          <Button size="sm" variant="outline" onClick={() => setDecision('mark_not_ok')}>
            <ShieldX aria-hidden="true" />
            {t('analysis.markNotOk')}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          isLoading={pendingKind === 'analyse'}
          onClick={() => void run({ kind: 'analyse' }, { success: t('analysis.checked'), failure: t('analysis.checkFailed') })}
        >
          <RefreshCw aria-hidden="true" />
          {t('analysis.checkAgain')}
        </Button>
      </div>
      <ReasonDialog
        open={decision !== null}
        onOpenChange={(open) => (open ? undefined : setDecision(null))}
        title={decision ? t(`analysis.decisionTitle_${decision}`) : ''}
        description={t('analysis.noteHint')}
        label={t('analysis.note')}
        confirm={decision === 'mark_not_ok' ? t('analysis.confirmNotOk') : t('analysis.confirmOk')}
        tone={decision === 'mark_not_ok' ? 'destructive' : 'primary'}
        schema={transactionAnalysisDecisionBodySchema.shape.note}
        isPending={isPending}
        testId="analysis-decision-dialog"
        onConfirm={(note) =>
          decision
            ? run(
                { kind: 'analysis', decision, note },
                { success: t(`analysis.marked_${decision}`), failure: t('analysis.markFailed') },
              )
            : Promise.resolve(false)
        }
      />
    </section>
  );
}
