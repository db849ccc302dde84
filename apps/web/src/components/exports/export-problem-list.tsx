import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExportCheck, ExportProblem } from '@kontor/domain/exports/export-api';
import { cn } from '@/lib/cn';
import { i18n } from '@/lib/i18n';

/** The sentence of one problem, with its params (line, value, length …) filled in. */
export function problemMessage(problem: ExportProblem): string {
  const field = problem.params.field;
  // The field is a key ("counterpartyName"); the sentence names it in the reader's words.
  const params =
    typeof field === 'string'
      ? { ...problem.params, field: i18n.t(`exports:problemFields.${field}` as 'exports:problemFields.invoiceNumber') }
      : problem.params;
  const text = i18n.t(`exports:problems.${problem.code}`, params);
  const line = problem.params.line;
  return typeof line === 'number' ? `${i18n.t('exports:problems.onLine', { line })} ${text}` : text;
}

/**
 * The pre-export check's findings (issue 41 item 4): each problem with a link to its invoice, so
 * the user can fix it and come back; errors first, then warnings (what the file will carry instead).
 */
export function ExportProblemList({ check, invoiceUrl }: { check: ExportCheck; invoiceUrl: (id: string) => string | null }) {
  const { t } = useTranslation('exports');
  const ordered = [...check.problems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  if (ordered.length === 0) return null;
  return (
    <section aria-labelledby="export-problems-title" className="grid gap-2">
      <h3 id="export-problems-title" className="text-sm font-semibold text-foreground">
        {t('dialog.problemsTitle', { count: check.total - check.exportable })}
      </h3>
      <ul
        className="grid max-h-64 gap-1 overflow-y-auto rounded-md border border-border p-2 text-sm"
        data-testid="export-problems"
      >
        {ordered.map((problem, index) => {
          const url = problem.invoiceId ? invoiceUrl(problem.invoiceId) : null;
          const subject = problem.invoiceNumber ?? problem.counterpartyName ?? t('dialog.withoutNumber');
          return (
            <li
              key={`${problem.invoiceId ?? 'all'}-${problem.code}-${index}`}
              className="flex flex-wrap gap-x-2"
              data-testid="export-problem"
              data-code={problem.code}
            >
              <span className={cn('font-medium', problem.severity === 'error' ? 'text-danger' : 'text-warning')}>
                {problem.severity === 'error' ? t('dialog.error') : t('dialog.warning')}
              </span>
              {problem.invoiceId ? (
                url ? (
                  <Link to={url} className="font-medium text-primary hover:underline">
                    {subject}
                  </Link>
                ) : (
                  <span className="font-medium">{subject}</span>
                )
              ) : (
                <span className="font-medium">{t('dialog.allInvoices')}</span>
              )}
              {problem.counterpartyName && problem.invoiceNumber ? (
                <span className="text-muted-foreground">{problem.counterpartyName}</span>
              ) : null}
              <span className="basis-full text-foreground">{problemMessage(problem)}</span>
            </li>
          );
        })}
      </ul>
      {check.isComplete ? null : <p className="text-xs text-muted-foreground">{t('dialog.moreProblems')}</p>}
    </section>
  );
}
