import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CounterpartyImportStatus } from '@kontor/domain/counterparties/counterparty-import';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { importResultCsvUrl } from './import-api';

/** Step 3 while the job runs: a progress bar over the rows checked so far. */
export function ImportProgress({ status }: { status: CounterpartyImportStatus }) {
  const { t } = useTranslation('counterparty-import');
  const total = status.totalRows ?? 0;
  return (
    <div className="grid gap-2" data-testid="import-progress">
      <Progress value={status.processedRows} max={total} label={t('progress.label')} kind="completion" />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {status.processedRows === 0 ? t('progress.waiting') : t('progress.running', { processed: status.processedRows, total })}
      </p>
    </div>
  );
}

/** Step 4: counts, SPEC §8's message when rows were not created, each such row with its reasons, the download. */
export function ImportResult({ status }: { status: CounterpartyImportStatus }) {
  const { t } = useTranslation(['counterparty-import', 'errors']);
  if (status.status === 'failed') {
    const reason = t(`errors:${status.failureCode ?? 'internal'}` as 'errors:internal', {
      detail: '',
      defaultValue: t('errors:internal'),
    });
    return <Alert tone="danger">{t('result.failed', { reason })}</Alert>;
  }
  const shown = status.results.items;
  const notShown = status.skippedCount - shown.length;
  return (
    <div className="grid gap-3" data-testid="import-result">
      <Alert tone={status.skippedCount > 0 ? 'warning' : 'info'}>
        <p>{t('result.created', { count: status.createdCount })}</p>
        {status.skippedCount > 0 ? (
          <>
            <p>{t('result.skipped', { count: status.skippedCount })}</p>
            <p className="font-medium">{t('result.incomplete')}</p>
          </>
        ) : null}
      </Alert>
      {shown.length > 0 ? (
        <div className="max-h-72 overflow-y-auto rounded-md border border-border">
          <table className="w-full text-sm" aria-label={t('result.skippedTable')}>
            <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {t('result.row')}
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {t('result.name')}
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {t('result.reasons')}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((item) => (
                <tr key={item.row} className="border-t border-border align-top" data-testid="import-skipped-row">
                  <td className="px-3 py-1.5 tabular-nums">{item.row}</td>
                  <td className="px-3 py-1.5">
                    {item.name ?? <span className="text-muted-foreground">{t('result.noName')}</span>}
                  </td>
                  <td className="px-3 py-1.5">
                    <ul className="grid gap-0.5">
                      {item.problems.map((problem) => (
                        <li key={`${problem.field}-${problem.code}`}>
                          <span className="font-medium">
                            {t(`columns.${problem.field}` as 'columns.row', { defaultValue: problem.field })}:
                          </span>{' '}
                          {problem.message}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {notShown > 0 ? <p className="text-xs text-muted-foreground">{t('result.more', { count: notShown })}</p> : null}
      <div>
        <Button asChild variant="outline">
          <a href={importResultCsvUrl(status.id)} download>
            <Download aria-hidden="true" />
            {t('result.download')}
          </a>
        </Button>
      </div>
    </div>
  );
}
