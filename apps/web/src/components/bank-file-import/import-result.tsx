import { useTranslation } from 'react-i18next';
import type { BankFileImport } from '@kontor/domain/payments/bank-file-import-api';
import { MAX_STORED_IMPORT_PROBLEMS } from '@kontor/domain/payments/bank-file-import-api';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { ApiError } from '@/lib/api-error';
import { isKnownFailureCode, isKnownProblemCode, problemPlace } from '@/lib/bank-file-import';
import { displayParams } from '@/lib/display-params';
import { currentLocale } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/notify';

type Problem = BankFileImport['problems'][number];

/** One skipped entry or warning in the viewer's language; unknown codes say the code. */
function ProblemText({ problem }: { problem: Problem }) {
  const { t } = useTranslation('transactions');
  const unknown = t('problems.unknown', { code: problem.code });
  if (!isKnownProblemCode(problem.code)) return <>{unknown}</>;
  const text = t(`problems.${problem.code}`, displayParams(problem.params, currentLocale()));
  // A sentence whose params did not all arrive would show holes: say the code instead.
  return <>{text.includes('{{') ? unknown : text}</>;
}

function ProblemPlace({ problem }: { problem: Problem }) {
  const { t } = useTranslation('transactions');
  const place = problemPlace(problem);
  if (!place) return null;
  return (
    <span className="text-xs whitespace-nowrap text-muted-foreground">
      {place.line === undefined
        ? t('import.where', { entry: place.entry })
        : t('import.whereLine', { entry: place.entry, line: place.line })}
    </span>
  );
}

/**
 * Created and skipped counts, then every kept skipped entry and warning with its reason.
 * `createdText` says what the created entries became ("3 created", "3 bank transactions imported").
 */
export function ImportResult({ entry, createdText }: { entry: BankFileImport; createdText: string }) {
  const { t } = useTranslation('transactions');
  if (entry.status === 'failed') {
    // The import's own failure codes have sentences here; anything else may be an API error code.
    const message = isKnownFailureCode(entry.failureCode)
      ? t(`import.failure.${entry.failureCode}`)
      : getErrorMessage(new ApiError({ status: 400, code: entry.failureCode ?? 'internal', message: '' }));
    return (
      <Alert tone="danger" data-testid="bank-file-import-failed">
        <p className="font-medium">{t('import.failedTitle')}</p>
        <p>{message}</p>
      </Alert>
    );
  }
  return (
    <div className="grid gap-4" data-testid="bank-file-import-result">
      <div className="grid gap-1">
        <p className="font-medium">{t('import.completed')}</p>
        <p className="flex flex-wrap gap-2 text-sm">
          <Badge tone="success" data-testid="import-created-count">
            {createdText}
          </Badge>
          <Badge tone={entry.skippedCount > 0 ? 'warning' : 'neutral'} data-testid="import-skipped-count">
            {t('import.skipped', { count: entry.skippedCount })}
          </Badge>
          <Badge>{t('import.entries', { count: entry.entryCount })}</Badge>
        </p>
      </div>
      {entry.problems.length > 0 ? (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('import.problemsTitle')}</h3>
          <ul
            className="grid max-h-64 gap-1 overflow-y-auto rounded-md border border-border p-2 text-sm"
            data-testid="import-problems"
          >
            {entry.problems.map((problem, index) => (
              <li key={index} className="flex flex-wrap items-baseline gap-2">
                <Badge tone={problem.kind === 'skipped' ? 'warning' : 'info'}>
                  {problem.kind === 'skipped' ? t('import.skippedKind') : t('import.warningKind')}
                </Badge>
                <ProblemPlace problem={problem} />
                <span>
                  <ProblemText problem={problem} />
                </span>
              </li>
            ))}
          </ul>
          {entry.problems.length >= MAX_STORED_IMPORT_PROBLEMS ? (
            <p className="text-xs text-muted-foreground">
              {t('import.problemsTruncated', { count: MAX_STORED_IMPORT_PROBLEMS })}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
