import { useTranslation } from 'react-i18next';
import type { ImportResult } from '@kontor/domain/master-data';
import { Alert } from '@/components/ui/alert';

/** What the import did: how many were created, and each skipped row with its reason. */
export function ImportResultView({ result }: { result: ImportResult }) {
  const { t } = useTranslation('master-data');
  return (
    <div className="grid gap-3" data-testid="import-result">
      <Alert tone={result.skipped.length > 0 ? 'warning' : 'info'}>
        <p>{t('import.created', { count: result.created })}</p>
        {result.skipped.length > 0 ? <p>{t('import.skipped', { count: result.skipped.length })}</p> : null}
      </Alert>
      {result.skipped.length > 0 ? (
        <div className="max-h-64 overflow-y-auto rounded-md border border-border">
          <table className="w-full text-sm" aria-label={t('import.skippedTable')}>
            <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {t('import.row')}
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {t('import.code')}
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {t('import.reason')}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.skipped.map((row) => (
                <tr key={`${row.row}-${row.code}`} className="border-t border-border">
                  <td className="px-3 py-1.5 tabular-nums">{row.row}</td>
                  <td className="px-3 py-1.5">{row.code || '—'}</td>
                  <td className="px-3 py-1.5">{t(`import.reasons.${row.reason}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
